/** Texts several program screens share: states, statuses, the access rules, the goals carousel. */
export const common = {
  retry: 'Retry',
  something_wrong: 'Something went wrong',
  not_found: 'Program not found',
  back_to_all: 'Back to all program',
  back_to_program: 'Back to program',
  active: 'Active',
  inactive: 'Inactive',
  deactivated: 'Deactivated',
  locked: 'Locked',
  activate: 'Activate',
  deactivate: 'Deactivate',
  activate_name: 'Activate %{name}',
  deactivate_name: 'Deactivate %{name}',
  edit_name: 'Edit %{name}',
  remove_name: 'Remove %{name}',
  all_rows: 'All',
  displayed_rows: '%{from}–%{to} of %{count}',
  program_head: 'Program head',
  name: 'Name',
  no_goal: 'No Goal Found',
  no_team_member: 'No team member found',
  not_counted: 'Completed counts start once documents arrive',
};

/** Why a change is not offered: the role's flags, the lock, the editing window. */
export const access = {
  cannot_see: "You don't have permission to see programs",
  cannot_see_flag: "You don't have permission to see programs (%{flag})",
  cannot_add: "You don't have permission to add programs",
  cannot_edit: "You don't have permission to edit programs",
  cannot_edit_flag: "You don't have permission to edit programs (%{flag})",
  cannot_edit_name_flag: "You don't have permission to edit the program's name (%{flag})",
  cannot_lock_flag: "You don't have permission to lock programs (%{flag})",
  cannot_sync_flag: "You don't have permission to sync programs (%{flag})",
  locked: 'This program is locked. Unlock it to make changes.',
  closed_at_creation: 'Editing this program closed when it was created',
  closed_after: 'Editing this program closed %{smart_count} days after it was created',
  closed_at_creation_note: 'Editing this program closed when it was created. Goals and notifications can still be changed.',
  closed_after_note: 'Editing this program closed %{smart_count} days after it was created. Goals and notifications can still be changed.',
};

/** The goals as slides, on the list's cards and the detail page's header. */
export const carousel = {
  /** What a screen reader calls the strip and each of its slides. */
  carousel: 'carousel',
  slide_role: 'slide',
  region: 'Goals',
  goal: 'Goal',
  slide: '%{name}: %{achieve} of %{target}',
  percent_of_target: '%{percent}% of target',
  no_goals: 'No goals set',
  previous: 'Previous goals',
  next: 'Next goals',
};
