/** The program lists and the add and edit pages. */
export const list = {
  title_all: 'Programs',
  title_active: 'All Active Programs',
  title_deactivated: 'Deactivated Programs',
  tab_all: 'All',
  which: 'Which programs',
  none_found: 'No program found',
  add: 'Add Program',
  loading: 'Loading programs',
  what: 'programs',
  search: 'Search programs',
  per_page: 'Programs per page',
  last_updated: 'Last updated %{date}',
  activated: 'Program activated',
  deactivated: 'Program deactivated',
};

export const form = {
  add_title: 'Add Program',
  edit_title: 'Edit Program',
  back_to_name: 'Back to %{name}',
  loading: 'Loading program',
  added: 'Added Program Successfully',
  name_taken: 'Two program can not be same name',
  updated: 'Program updated',
  name_max: 'Program name must be at most %{max} characters',
  description_max: 'Description must be at most %{max} characters',
  head_required: 'Program head is required',
  head_inactive: '%{name} (inactive)',
  no_user_list: 'Changing program heads needs a role that may see users',
  days_fixed: 'Only a role allowed to edit at any time can change this.',
  days_help:
    'Days after creation during which the program can be changed; 0 closes editing at once. Roles allowed to edit at any time are not limited.',
  choose_image: 'Choose image',
  change_image: 'Change image',
  chosen_image: 'Chosen program image',
};
