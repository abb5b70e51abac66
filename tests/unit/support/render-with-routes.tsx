/** Like renderConsole, with pages of the app's own routes beside the resources, signed in with given flags. */
import type { ReactElement } from 'react';
import { flagsExcept, renderConsole } from './render-console';

export const renderWithRoutes = (
  path: string,
  routes: ReactElement | ReactElement[],
  permission: Record<string, boolean> = flagsExcept(),
) => renderConsole(path, permission, { routes });
