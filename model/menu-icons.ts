/**
 * The icons a resource map entry may name in `menu.icon`. Only names live here (the model is
 * shared with the servers and codegen, which draw nothing); the console maps each one to its
 * MUI component in src/layout/menu-icons.ts, and the map check refuses any other name.
 */
export const MENU_ICON_NAMES = [
  'AccountTree',
  'AdminPanelSettings',
  'Badge',
  'DynamicForm',
  'Folder',
  'ListAlt',
  'People',
  'Settings',
  'Webhook',
] as const;

export type MenuIconName = (typeof MENU_ICON_NAMES)[number];

export const isMenuIconName = (name: string): name is MenuIconName => (MENU_ICON_NAMES as readonly string[]).includes(name);
