/** Calls and checks the view-list tests share: multipart uploads, rows read back, what is stored. */
import { expect } from 'vitest';
import { sql } from 'kysely';
import { caller } from './http.ts';
import { multipart, type FieldPart, type FilePart } from './multipart.ts';
import { storedKeys } from './stored-files.ts';
import type { Session, TestServer } from './test-server.ts';

export const csvFile = (text: string | Buffer, filename = 'towns.csv'): FilePart => ({
  name: 'excel_file',
  filename,
  contentType: 'text/csv',
  content: Buffer.from(text),
});
export const xlsxFile = (content: Buffer, filename = 'towns.xlsx'): FilePart => ({
  name: 'excel_file',
  filename,
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  content,
});
export const nameField = (value: string): FieldPart => ({ name: 'name', value });
export const importIdField = (value: string): FieldPart => ({ name: 'import_id', value });

export interface ViewListAnswer {
  _id: string;
  name: string;
  excel_file: string;
  file_name: string;
  row_count: number;
  columns: string[];
}

export interface ImportProgress {
  import_id: string;
  status: 'queued' | 'reading' | 'done' | 'failed';
  rows_read: number;
  fraction: number;
  message?: string;
  view_list_id?: string;
}

/** The view-list calls of one test file, as `session` (the admin unless told otherwise). */
export function viewLists(t: () => TestServer, session: () => Session) {
  const call = caller(() => t().api.app);
  const send = (method: 'POST' | 'PATCH', url: string, parts: Array<FilePart | FieldPart>, token = session().token) => {
    const body = multipart(parts);
    return call(method, url, { token, payload: body.payload, headers: body.headers });
  };
  const rowsOf = (id: string, query: Record<string, string> = {}) => call('GET', `/listview/${id}/rows`, { token: session().token, query });
  return {
    call,
    send,
    rowsOf,
    async create(name: string, file: FilePart): Promise<ViewListAnswer> {
      const res = await send('POST', '/listview', [nameField(name), file]);
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
    async labels(id: string, query: Record<string, string> = {}): Promise<string[]> {
      const res = await rowsOf(id, query);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Array<{ label: string }>).map((r) => r.label);
    },
    progress: (importId: string, token = session().token) => call('GET', `/listview/import/${importId}`, { token }),
    /** The names of the stored view-list files (as in the file store, whichever it is), sorted. */
    async storedFileNames(): Promise<string[]> {
      return (await storedKeys(t(), 'listviews')).map((key) => key.slice('listviews/'.length));
    },
    async storedRows(viewListId?: string): Promise<number> {
      const only = viewListId ? sql`where view_list_id = ${viewListId}` : sql``;
      return Number((await sql<{ n: string }>`select count(*) as n from view_list_rows ${only}`.execute(t().ctx.db)).rows[0]!.n);
    },
    async storedLists(): Promise<number> {
      return Number((await sql<{ n: string }>`select count(*) as n from view_lists`.execute(t().ctx.db)).rows[0]!.n);
    },
  };
}

/** The peak growth of this process's resident memory (worker threads included) while `work` runs, in MB. */
export async function peakRssGrowthMb<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}
