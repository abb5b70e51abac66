/**
 * /custom-form/view-list: the lists with their files, the add and update dialog (its messages,
 * the multipart it sends, its progress while the file goes up and is read, the server's refusal
 * shown), delete behind a confirmation, and the buttons following the role's listview flags. The
 * api is faked with MSW; a file goes up through XMLHttpRequest (for its upload progress), faked
 * here by FakeUpload, which the tests answer when they choose.
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
/** What GET /listview/import/{id} answers (404 while undefined), and the ids it was asked for. */
let importState: Record<string, unknown> | undefined;
const polled: string[] = [];
/** POST /sync/viewlist/{id} answers 500 while true. */
let syncFails = false;

const created = () => ({
  _id: 'l3',
  name: 'Wards',
  excel_file: 'listviews/c.xlsx',
  file_name: 'wards.xlsx',
  columns: ['Ward'],
  row_count: 1450,
  ...stamp,
});

/**
 * XMLHttpRequest as the console uploads a file with it: each request is kept, answered by
 * `answerUploads` (as the api would) unless a test holds it to answer it itself.
 */
class FakeUpload {
  static sent: FakeUpload[] = [];
  static hold = false;
  method = '';
  url = '';
  body?: FormData;
  status = 0;
  statusText = '';
  responseText = '';
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  send(body: FormData) {
    this.body = body;
    FakeUpload.sent.push(this);
    if (!FakeUpload.hold) queueMicrotask(() => answerUpload(this));
  }
  progress(fraction: number) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded: fraction * 1000, total: 1000 }));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
}

/** The api's answer to an upload: the refusal set, a new list, or the renamed one. */
function answerUpload(xhr: FakeUpload) {
  const path = new URL(xhr.url).pathname;
  writes.push({ method: xhr.method, path });
  if (refusal) return xhr.answer(refusal.status, refusal.body);
  if (xhr.method === 'POST') {
    lists.push(created());
    return xhr.answer(201, created());
  }
  const list = lists.find((l) => path.endsWith(`/${l._id}`))!;
  list.name = String(xhr.body?.get('name'));
  xhr.answer(200, list);
}

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
    lists.push(created());
    return HttpResponse.json(created(), { status: 201 });
  }),
  http.patch(`${API}/listview/:id`, ({ params }) => {
    writes.push({ method: 'PATCH', path: `/listview/${params.id}` });
    const list = lists.find((l) => l._id === params.id)!;
    list.name = 'Crops 2025';
    return HttpResponse.json(list);
  }),
  http.get(`${API}/listview/import/:importId`, ({ params }) => {
    polled.push(String(params.importId));
    return importState
      ? HttpResponse.json({ import_id: params.importId, ...importState })
      : HttpResponse.json({ message: 'Import not found', code: 'NOT_FOUND' }, { status: 404 });
  }),
  http.post(`${API}/sync/viewlist`, () => {
    writes.push({ method: 'POST', path: '/sync/viewlist' });
    return HttpResponse.json({ databases: ['program-p1'] });
  }),
  http.post(`${API}/sync/viewlist/:id`, ({ params }) => {
    writes.push({ method: 'POST', path: `/sync/viewlist/${params.id}` });
    if (syncFails) return HttpResponse.json({ message: 'Database unavailable', code: 'INTERNAL' }, { status: 500 });
    return HttpResponse.json({ databases: ['program-p1'] });
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
  syncFails = false;
  refusal = undefined;
  writes.length = 0;
  importState = undefined;
  polled.length = 0;
  FakeUpload.sent = [];
  FakeUpload.hold = false;
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  localStorage.clear();
  screenWidth(false);
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  fetchSpy.mockRestore();
  vi.unstubAllGlobals();
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
  it('lists the view lists with their row counts and files, under its titles', async () => {
    await openPage();
    expect(screen.getByRole('heading', { name: 'Custom Form' })).toBeTruthy();
    expect(screen.getByText('All View List')).toBeTruthy();
    for (const column of ['Name', 'Download', 'Actions']) expect(screen.getByText(column)).toBeTruthy();
    expect(within(rowOf('Districts')).getByText('100,000 rows')).toBeTruthy();
    expect(within(rowOf('Districts')).getByText('districts.xlsx')).toBeTruthy();
    expect(within(rowOf('Crops')).getByText('crops.csv')).toBeTruthy();
  });

  it("syncs every list with 'Sync To Database Successfully', one list with 'Successfully Sync', and says when it failed", async () => {
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText('Sync To Database Successfully')).toBeTruthy();
    fireEvent.click(within(rowOf('Crops')).getByRole('button', { name: 'Sync Crops' }));
    expect(await screen.findByText('Successfully Sync')).toBeTruthy();
    expect(writes).toEqual([
      { method: 'POST', path: '/sync/viewlist' },
      { method: 'POST', path: '/sync/viewlist/l2' },
    ]);
    syncFails = true;
    fireEvent.click(within(rowOf('Districts')).getByRole('button', { name: 'Sync Districts' }));
    expect(await screen.findByText('Something went Wrong')).toBeTruthy();
  });

  it('offers no Sync without can_sync_view_list', async () => {
    await openPage(flagsExcept('can_sync_view_list'));
    expect(screen.queryByRole('button', { name: /^Sync/ })).toBeNull();
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
    expect(await screen.findByText('View list added')).toBeTruthy();
    const [upload] = FakeUpload.sent;
    expect(upload!.method).toBe('POST');
    expect(upload!.url).toBe(`${API}/listview`);
    const body = upload!.body!;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('name')).toBe('Wards');
    expect((body.get('excel_file') as File).name).toBe('wards.xlsx');
    expect(body.get('import_id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
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
    expect(screen.queryByText('View list added')).toBeNull();
  });

  it('shows the upload, then the rows the server has read, then the outcome', async () => {
    FakeUpload.hold = true;
    const dialog = await openAddDialog();
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Wards' } });
    fireEvent.change(within(dialog).getByLabelText('Excel file'), { target: { files: [workbook()] } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    const upload = FakeUpload.sent[0]!;
    const importId = String(upload.body!.get('import_id'));

    upload.progress(0.45);
    expect(await within(dialog).findByText('Uploading wards.xlsx… 45%')).toBeTruthy();
    // Not asked before the whole file is up: the server cannot know the import yet.
    expect(polled).toEqual([]);
    expect(within(dialog).getByRole('progressbar', { name: 'Upload' }).getAttribute('aria-valuenow')).toBe('45');
    expect((within(dialog).getByText('Save').closest('button') as HTMLButtonElement).disabled).toBe(true);

    upload.progress(1);
    expect(await within(dialog).findByText('Uploaded; reading the file…')).toBeTruthy();
    importState = { status: 'queued', rows_read: 0, fraction: 0 };
    expect(await within(dialog).findByText('Waiting for other imports to finish…')).toBeTruthy();
    importState = { status: 'reading', rows_read: 45_000, fraction: 0.4 };
    expect(await within(dialog).findByText('Reading rows… 45,000 rows read')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Rows read' }).getAttribute('aria-valuenow')).toBe('40');
    // Followed by the id it was sent with, and by nothing else.
    expect(new Set(polled)).toEqual(new Set([importId]));

    answerUpload(upload);
    expect(await screen.findByText('View list added')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Done: no more polling.
    const asked = polled.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(polled.length).toBe(asked);
  });

  it('shows a refusal that comes after the rows were being read, and keeps the dialog open', async () => {
    FakeUpload.hold = true;
    const dialog = await openAddDialog();
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Slow' } });
    fireEvent.change(within(dialog).getByLabelText('Excel file'), { target: { files: [workbook('slow.xlsx')] } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    importState = { status: 'reading', rows_read: 120_000, fraction: 0.6 };
    FakeUpload.sent[0]!.progress(1);
    expect(await within(dialog).findByText('Reading rows… 120,000 rows read')).toBeTruthy();
    const message = 'The file took too long to read (over 120 seconds): split it into smaller lists';
    FakeUpload.sent[0]!.answer(400, { message, code: 'VALIDATION_FAILED', fields: { excel_file: message } });
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
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
    expect(await screen.findByText('View list updated')).toBeTruthy();
    expect(writes).toEqual([{ method: 'PATCH', path: '/listview/l2' }]);
    const body = sentBody('PATCH')!;
    expect(body.get('name')).toBe('Crops 2025');
    expect(body.has('excel_file')).toBe(false);
    expect(await screen.findByText('Crops 2025')).toBeTruthy();
  });

  it('replaces the file with its progress shown, and says the list was updated', async () => {
    FakeUpload.hold = true;
    await openPage();
    const edit = within(rowOf('Districts')).getByLabelText('Edit Districts') as HTMLButtonElement;
    await waitFor(() => expect(edit.disabled).toBe(false));
    fireEvent.click(edit);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Excel file'), { target: { files: [workbook('districts-2025.xlsx')] } });
    fireEvent.click(within(dialog).getByText('Update'));
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    const upload = FakeUpload.sent[0]!;
    expect(upload.method).toBe('PATCH');
    expect(upload.url).toBe(`${API}/listview/l1`);
    expect(upload.body!.get('import_id')).toBeTruthy();
    importState = { status: 'reading', rows_read: 1, fraction: 0.01 };
    upload.progress(1);
    expect(await within(dialog).findByText('Reading rows… 1 row read')).toBeTruthy();
    answerUpload(upload);
    expect(await screen.findByText('View list updated')).toBeTruthy();
    expect(writes).toEqual([{ method: 'PATCH', path: '/listview/l1' }]);
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
    expect(await screen.findByText('View list deleted')).toBeTruthy();
    expect(writes).toEqual([{ method: 'DELETE', path: '/listview/l2' }]);
    await waitFor(() => expect(screen.queryByText('Crops')).toBeNull());
    expect(screen.getByText('Districts')).toBeTruthy();
  });
});
