/**
 * The side menu offers what the auth provider's canAccess allows
 * (the list flag the resource map names, held by the signed-in role), in the menu order, and
 * follow a change of the role's flags at once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, ResourceDefinitionContextProvider, type ResourceDefinition } from 'react-admin';
import { permissionFlags } from '@model/schema-registry';
import { MemoryRouter } from 'react-router-dom';
import { authProvider } from '../../src/providers/auth-provider';
import { i18nProvider } from '../../src/providers/i18n-provider';
import { createQueryClient } from '../../src/providers/query-client';
import { menuResources, SideMenu } from '../../src/layout/SideMenu';
import { menuIcon } from '../../src/layout/menu-icons';
import { storeSignIn } from '../../src/session/session-store';
import { makeUser, signIn } from './support/session';

const flags = (value: boolean, except: Record<string, boolean> = {}) => ({
  ...Object.fromEntries(permissionFlags.map((f) => [f.name, value])),
  ...except,
});

/** What <Admin> registers for the map's menu entries (registry.tsx): name, label, icon, a list page. */
const definitions: Record<string, ResourceDefinition> = Object.fromEntries(
  menuResources().map(([name, entry]) => [
    name,
    { name, hasList: true, options: { label: entry.label.many }, icon: menuIcon(entry.menu.icon) },
  ]),
);

function renderInAdmin(children: React.ReactNode) {
  return render(
    <MemoryRouter>
      <AdminContext authProvider={authProvider} i18nProvider={i18nProvider} queryClient={createQueryClient()}>
        <ResourceDefinitionContextProvider definitions={definitions}>{children}</ResourceDefinitionContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

/** The menu's entries once canAccess has answered (the Dashboard entry shows at once). */
async function menuEntries(expected: number): Promise<string[]> {
  const menu = await screen.findByRole('menu');
  await waitFor(() => expect(within(menu).getAllByRole('menuitem')).toHaveLength(expected));
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the side menu follows the role', () => {
  it('offers a dashboard-only role nothing beyond the dashboard', async () => {
    signIn('t', flags(false, { can_access_dashboard: true }));
    renderInAdmin(<SideMenu />);
    // Give canAccess its turn: nothing else may appear.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await menuEntries(1)).toEqual(['Dashboard']);
  });

  it('offers each resource whose list flag the role holds, in the menu order', async () => {
    signIn('t', flags(false, { can_get_user: true, can_get_designation: true }));
    renderInAdmin(<SideMenu />);
    expect(await menuEntries(3)).toEqual(['Dashboard', 'Users', 'Designations']);
  });

  it('does not count other flags of a resource as leave to open it', async () => {
    signIn('t', flags(true, { can_get_user: false, can_get_designation: false }));
    renderInAdmin(<SideMenu />);
    // Every other entry of the map stays: the resources added later included.
    const others = menuResources()
      .filter(([name]) => name !== 'user' && name !== 'designation')
      .map(([, entry]) => entry.label.many);
    expect(others).toContain('Roles');
    // Then the Data Explorer, Settings, the Audit log and Support (can_explore_data, can_manage_settings,
    // can_get_audit, can_see_support, on here).
    expect(await menuEntries(5 + others.length)).toEqual(['Dashboard', ...others, 'Data Explorer', 'Settings', 'Audit log', 'Support']);
  });

  it('follows a change of the role’s flags without a reload', async () => {
    signIn('t', flags(false, { can_access_dashboard: true, can_get_role: true }));
    renderInAdmin(<SideMenu />);
    expect(await menuEntries(2)).toEqual(['Dashboard', 'Roles']);

    act(() => storeSignIn(makeUser(flags(false, { can_access_dashboard: true, can_get_user: true })), 't2'));

    expect(await menuEntries(2)).toEqual(['Dashboard', 'Users']);
  });
});
