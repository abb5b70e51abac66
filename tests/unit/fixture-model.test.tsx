/**
 * An entity added by the docs/adding-an-entity.md recipe reaches the console's screens with no other change: the
 * test-only entities (tests/fixtures/model/) are added to the model here, then the role's
 * permission checklist shows their flags in their own group and sends them, and the side menu
 * offers them to a role holding their list flag.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { installFixtureModel, FIXTURE_RESOURCES } from '../support/fixture-model';
import { permissionFlags, resourceMap } from '@model/schema-registry';
import fixtureFlags from '../fixtures/model/permission-flags.json';
import { PermissionChecklist } from '../../src/resources/role/PermissionChecklist';
import { visibleMenuResources } from '../../src/layout/SideMenu';
import { dataProvider } from '../../src/providers/data-provider';
import { authProvider } from '../../src/providers/auth-provider';
import { setRuntimeConfig } from '../../src/config/runtime-config';
import { signIn } from './support/session';
import { i18nProvider } from '../../src/providers/i18n-provider';

installFixtureModel();

const AUTH = 'http://auth.test';
const allFlags = (value: boolean, except: Record<string, boolean> = {}) => ({
  ...Object.fromEntries(permissionFlags.map((f) => [f.name, value])),
  ...except,
});
const fixtureGroup = fixtureFlags['x-groups'][0]!;
const fixtureFlagLabels = Object.values(fixtureFlags.properties).map((p) => p.title);

describe('the permission checklist with the fixture flags in the permission schema', () => {
  const server = setupServer();
  const patches: unknown[] = [];
  const reads: string[] = [];
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    localStorage.clear();
    patches.length = 0;
    reads.length = 0;
    setRuntimeConfig({ authUrl: AUTH, apiUrl: 'http://api.test' });
    const me = signIn('tok-checklist', allFlags(true));
    const role = {
      _id: 'r-auditor',
      role: 'Auditor',
      role_slug: 'auditor',
      status: true,
      permission: allFlags(false, { can_get_fixture_site: true }),
    };
    server.use(
      http.get(`${AUTH}/permission/r-auditor`, ({ request }) => {
        reads.push(new URL(request.url).pathname);
        return HttpResponse.json(role);
      }),
      http.patch(`${AUTH}/permission/r-auditor`, async ({ request }) => {
        const body = (await request.json()) as Record<string, boolean>;
        patches.push(body);
        return HttpResponse.json({ ...role, permission: { ...role.permission, ...body } });
      }),
      http.post(`${AUTH}/user/verify`, () => HttpResponse.json({ user: me, token: 'tok-checklist' })),
    );
  });
  afterEach(() => {
    cleanup();
    server.resetHandlers();
  });
  afterAll(() => server.close());

  const renderChecklist = () =>
    render(
      <MemoryRouter initialEntries={['/role/permission/r-auditor']}>
        <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
          <Routes>
            <Route path="/role/permission/:id" element={<PermissionChecklist />} />
          </Routes>
        </AdminContext>
      </MemoryRouter>,
    );

  it('shows the fixture flags as a group of their own, with their labels and the role’s values', async () => {
    renderChecklist();
    const heading = await screen.findByRole('heading', { name: fixtureGroup });
    const card = heading.closest('.MuiCard-root') as HTMLElement;
    const boxes = within(card).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')!.textContent)).toEqual(fixtureFlagLabels);
    expect(within(card).getByRole('checkbox', { name: 'Can get fixture site' })).toHaveProperty('checked', true);
    expect(within(card).getByRole('checkbox', { name: 'Can create fixture site' })).toHaveProperty('checked', false);
    // Every group the schema names shows, the fixture group last, as its x-groups order says.
    const groups = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(groups.at(-1)).toBe(fixtureGroup);
  });

  it('reads the flags from GET /permission/{id}', async () => {
    renderChecklist();
    await screen.findByRole('heading', { name: 'Permissions: Auditor' });
    expect(reads).toEqual(['/permission/r-auditor']);
  });

  it('tells a role without can_get_permission it may not see permissions, and reads nothing', async () => {
    signIn('tok-checklist', allFlags(true, { can_get_permission: false }));
    renderChecklist();
    expect(await screen.findByText("You don't have permission to see permissions")).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(reads).toEqual([]);
  });

  it('sends a fixture flag ticked on the checklist to the server, and only it', async () => {
    renderChecklist();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Can create fixture region' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(patches).toEqual([{ can_create_fixture_region: true }]));
  });
});

describe('the side menu with the fixture entities in the map', () => {
  it('offers each of them to a role holding its list flag, in menu order', () => {
    const names = visibleMenuResources(allFlags(true)).map(([name]) => name);
    expect(names.filter((n) => (FIXTURE_RESOURCES as readonly string[]).includes(n))).toEqual([...FIXTURE_RESOURCES]);
    for (const name of FIXTURE_RESOURCES) {
      const list = resourceMap[name]!.permissions.list!;
      expect(visibleMenuResources(allFlags(false, { can_access_dashboard: true, [list]: true })).map(([n]) => n)).toEqual([name]);
    }
  });
});
