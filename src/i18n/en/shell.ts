/** The console's frame: menu, header, profile menu, breadcrumbs, tab titles, language. */
export const shell = {
  menu: {
    dashboard: 'Dashboard',
    data_explorer: 'Data Explorer',
    settings: 'Settings',
    audit: 'Audit log',
    support: 'Support',
  },
  header: {
    notifications: 'Notifications: %{count}',
    no_notifications: 'No notifications',
    profile_menu: 'Profile menu',
    profile_menu_initials: 'Profile menu, %{initials}',
    breadcrumb: 'breadcrumb',
  },
  profile: {
    profile: 'Profile',
    logout: 'Logout',
    language: 'Language',
    language_not_saved: 'The language is changed on this device only: it could not be saved with your account',
  },
  logout: {
    question: 'Are you Sure want to logout?',
    cancel: 'Cancel',
    confirm: 'Logout',
  },
  crumbs: {
    add: 'Add',
    edit: 'Edit',
    permissions: 'Permissions',
    details: 'Details',
    revisions: 'Revisions',
    view_lists: 'View Lists',
    reports: 'Reports',
    active: 'Active',
    deactivated: 'Deactivated',
    beneficiary_types: 'Beneficiary Types',
    event_types: 'Event Types',
  },
  titles: {
    sign_in: 'Sign in',
    forgot_password: 'Forgot password',
    reset_password: 'Reset password',
  },
};
