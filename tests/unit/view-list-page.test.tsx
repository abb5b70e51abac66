/**
 * /custom-form/view-list: the lists with their files, the add and update dialog (its messages,
 * the multipart it sends, the server's refusal shown), delete behind a confirmation, and the
 * buttons following the role's listview flags. The api is faked with MSW.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { API } from './support/fixture-api';
import { flagsExcept, renderConsole, screenWidth } from './support/render-console';

vi.setConfig({ testTimeout: 60_000 });

const stamp = { createdAt: '2024-03-05T10:00:00.000Z', updatedAt: '2024-03-06T10:00:00.000Z' };
const seed = () => [
  {
    _id: 'l1',
    name: 'Districts',
    excel_file: 'listviews/a.xlsx',
    file_name: 'districts.xlsx',
    columns: ['District'],
    row_count: 100000,
    ...stamp,
  },
  { _id: 'l2', name: 'Crops', excel_file: 'listviews/b.csv', file_name: 'crops.csv', columns: ['Crop'], row_count: 12, ...stamp },
];

let lists = seed();
let refusal: { status: number; body: JsonBodyType } | undefined;
const writes: Array<{ method: string; path: string }> = [];

const server = setupServer(
  http.get(`${API}/listview`, ({ request }) => {
    const range = JSON.parse(new URL(request.url).searchParams.get('range') ?? '[0,9]') as [number, number];
    const sorted = [...lists].sort((a, b) => a.name.localeCompare(b.name));
    const page = sorted.slice(range[0], range[1] + 1);
    return HttpResponse.json(page, { headers: { 'Content-Range': `listview ${range[0]}-${range[0] + page.length - 1}/${sorted.length}` } });
  }),
  http.get(`${API}/listview/:id/file`, ({ params }) =>
    params.id === 'l2'
      ? new HttpResponse('Crop\nMaize\n', { headers: { 'Content-Type': 'text/csv' } })
      : HttpResponse.json({ message: 'Not found' }, { status: 404 }),
  ),
  http.post(`${API}/listview`, () => {
    writes.push({ method: 'POST', path: '/listview' });
    if (refusal) return HttpResponse.json(refusal.body, { status: refusal.status });
    const created = {
      _id: 'l3',
      name: 'Wards',
      excel_file: 'listviews/c.xlsx',
      file_name: 'wards.xlsx',
      columns: ['Ward'],
      row_count: 1450,
      ...stamp,
    };
    lists.push(created);
    return HttpResponse.json(created, { status: 201 });
  }),
  http.patch(`${API}/listview/:id`, ({ params }) => {
    writes.push({ method: 'PATCH', path: `/listview/${params.id}` });
    const list = lists.find((l) => l._id === params.id)!;
    list.name = 'Crops 2025';
    return HttpResponse.json(list);
  }),
  http.delete(`${API}/listview/:id`, ({ params }) => {
    writes.push({ method: 'DELETE', path: `/listview/${params.id}` });
    const list = lists.find((l) => l._id === params.id)!;
    lists = lists.filter((l) => l !== list);
    return HttpResponse.json(list);
  }),
);

/** What the console handed to fetch for each write: jsdom's FormData does not survive the test runner's own fetch, a browser's does. */
let fetchSpy: MockInstance<typeof fetch>;
const sentBody = (method: string) => fetchSpy.mock.calls.find(([, init]) => init?.method === method)?.[1]?.body as FormData | undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  lists = seed();
  refusal = undefined;
  writes.length = 0;
  localStorage.clear();
  screenWidth(false);
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  fetchSpy.mockRestore();
  cleanup();
});
afterAll(() => server.close());

const workbook = (name = 'wards.xlsx') => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], name, { type: 'application/octet-stream' });

async function openPage(flags = flagsExcept()) {
  renderConsole('/custom-form/view-list', flags);
  await screen.findByText('Districts');
}

async function openAddDialog() {
  await openPage();
  const add = screen.getByLabelText('Add New Form') as HTMLButtonElement;
  await waitFor(() => expect(add.disabled).toBe(false));
  fireEvent.click(add);
  return screen.findByRole('dialog');
}

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('the view-list screen', () => {
  it('lists the view lists with their row counts and files, under its titles, without any Sync', async () => {
    await openPage();
    expect(screen.getByRole('heading', { name: 'Custom Form' })).toBeTruthy();
    expect(screen.getByText('All View List')).toBeTruthy();
    for (const column of ['Name', 'Download', 'Actions']) expect(screen.getByText(column)).toBeTruthy();
    expect(within(rowOf('Districts')).getByText('100,000 rows')).toBeTruthy();
    expect(within(rowOf('Districts')).getByText('districts.xlsx')).toBeTruthy();
    expect(within(rowOf('Crops')).getByText('crops.csv')).toBeTruthy();
    expect(screen.queryByText(/sync/i)).toBeNull();
  });

  it('downloads the original file with the session', async () => {
    const saved = vi.fn((blob: Blob) => (void blob, 'blob:crops'));
    URL.createObjectURL = saved as typeof URL.createObjectURL;
    URL.revokeObjectURL = () => undefined;
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await openPage();
    fireEvent.click(screen.getByLabelText('Download crops.csv'));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(await saved.mock.calls[0]![0].text()).toBe('Crop\nMaize\n');
    const [url, init] = fetchSpy.mock.calls.find(([u]) => String(u).endsWith('/listview/l2/file'))!;
    expect(String(url)).toBe(`${API}/listview/l2/file`);
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok-1');
    // Saved under the name it was uploaded with.
    expect(clicked).toEqual(['crops.csv']);
    click.mockRestore();
  });

  it('follows the role: no add, edit or delete without those flags', async () => {
    await openPage(flagsExcept('can_create_listview', 'can_edit_listview', 'can_delete_listview'));
    await waitFor(() => expect((screen.getByLabelText('Add New Form') as HTMLButtonElement).disabled).toBe(true));
    expect((within(rowOf('Crops')).getByLabelText('Edit Crops') as HTMLButtonElement).disabled).toBe(true);
    expect((within(rowOf('Crops')).getByLabelText('Delete Crops') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so to a role that may not see view lists', async () => {
    renderConsole('/custom-form/view-list', flagsExcept('can_get_listview'));
    expect(await screen.findByText("You don't have permission to see view lists")).toBeTruthy();
  });
});

describe('the add dialog', () => {
  it('names what is missing and sends nothing', async () => {
    const dialog = await openAddDialog();
    expect(within(dialog).getByText('Add URL for form')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('Name field required')).toBeTruthy();
    expect(within(dialog).getByText('File field required')).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('sends the name and the workbook as multipart, says the list was added and shows it', async () => {
    const dialog = await openAddDialog();
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: '  Wards ' } });
    const file = workbook();
    fireEvent.change(within(dialog).getByLabelText('Excel file'), { target: { files: [file] } });
    expect(within(dialog).getByText('wards.xlsx')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await screen.findByText('List view added')).toBeTruthy();
    const body = sentBody('POST')!;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('name')).toBe('Wards');
    expect((body.get('excel_file') as File).name).toBe('wards.xlsx');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Wards')).toBeTruthy();
  });

  it("shows the server's reason when it refuses the file, and keeps the dialog open", async () => {
    refusal = {
      status: 400,
      body: {
        message: 'The sheet is empty: it needs a header row and at least one row under it',
        code: 'VALIDATION_FAILED',
        fields: { excel_file: 'The sheet is empty: it needs a header row and at least one row under it' },
      },
    };
    const dialog = await openAddDialog();
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Empty' } });
    fireEvent.change(within(dialog).getByLabelText('Excel file'), { target: { files: [workbook('empty.xlsx')] } });
    fireEvent.click(within(dialog).getByText('Save'));
    // Under the file, and as a toast.
    await waitFor(() =>
      expect(screen.getAllByText('The sheet is empty: it needs a header row and at least one row under it')).toHaveLength(2),
    );
    expect(within(dialog).getByText('The sheet is empty: it needs a header row and at least one row under it')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByText('List view added')).toBeNull();
  });
});

describe('the update dialog', () => {
  it('renames without a file (the rows stay) and says the list was updated', async () => {
    await openPage();
    const edit = within(rowOf('Crops')).getByLabelText('Edit Crops') as HTMLButtonElement;
    await waitFor(() => expect(edit.disabled).toBe(false));
    fireEvent.click(edit);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Update URL for form')).toBeTruthy();
    expect(within(dialog).getByText('Keeps crops.csv')).toBeTruthy();
    const name = within(dialog).getByLabelText(/Name/) as HTMLInputElement;
    expect(name.value).toBe('Crops');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(dialog).getByText('Update'));
    expect(await within(dialog).findByText('Name field required')).toBeTruthy();
    expect(within(dialog).queryByText('File field required')).toBeNull();
    fireEvent.change(name, { target: { value: 'Crops 2025' } });
    fireEvent.click(within(dialog).getByText('Update'));
    expect(await screen.findByText('List view updated')).toBeTruthy();
    expect(writes).toEqual([{ method: 'PATCH', path: '/listview/l2' }]);
    const body = sentBody('PATCH')!;
    expect(body.get('name')).toBe('Crops 2025');
    expect(body.has('excel_file')).toBe(false);
    expect(await screen.findByText('Crops 2025')).toBeTruthy();
  });
});

describe('delete', () => {
  it('asks first; Cancel keeps the list, Delete removes it', async () => {
    await openPage();
    const remove = within(rowOf('Crops')).getByLabelText('Delete Crops') as HTMLButtonElement;
    await waitFor(() => expect(remove.disabled).toBe(false));
    fireEvent.click(remove);
    let confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Delete this view list?')).toBeTruthy();
    fireEvent.click(within(confirm).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([]);

    fireEvent.click(remove);
    confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByText('Delete'));
    expect(await screen.findByText('List view deleted')).toBeTruthy();
    expect(writes).toEqual([{ method: 'DELETE', path: '/listview/l2' }]);
    await waitFor(() => expect(screen.queryByText('Crops')).toBeNull());
    expect(screen.getByText('Districts')).toBeTruthy();
  });
});
