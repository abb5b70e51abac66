/** The words of the Settings and Support pages. */
export const SETTINGS_TEXT = {
  title: 'Settings',
  noPermission: "You don't have permission to change settings (can_manage_settings)",
  saved: 'Settings saved',
  logoSaved: 'Logo saved',
  logoRemoved: 'Logo removed',
  mapTilesHelp: 'A tile server address with {z}, {x} and {y}; none turns maps off; empty leaves it to the server (MAP_TILES_URL)',
};

export const SUPPORT_TEXT = {
  title: 'Support',
  noPermission: "You don't have permission to see support (can_see_support)",
};
