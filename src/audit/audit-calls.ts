/** The audit log's calls: a page of changes, newest first, filtered; the next page by keyset. */
import { serverUrl } from '../config/runtime-config';
import { downloadWithSession, fetchWithSession } from '../providers/http-client';
import type { AuditLogExport, Change } from '@model/generated/index';

export type { Change };

export interface AuditFilter {
  q?: string;
  resource?: string;
  action?: string;
  /** Days, YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  record?: string;
  program?: string;
  actor?: string;
}

export interface AuditPage {
  data: Change[];
  next: string | null;
}

export const AUDIT_PAGE_SIZE = 50;

export async function fetchAuditPage(filter: AuditFilter, before?: string): Promise<AuditPage> {
  const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  if (before) params.set('before', before);
  return (await fetchWithSession<AuditPage>(`${serverUrl('api')}/audit?${params}`)).json;
}

/** A record's own history: `path` is the record's address (`program/{id}`) on its server. */
export async function fetchHistoryPage(server: 'auth' | 'api', path: string, before?: string): Promise<AuditPage> {
  const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  if (before) params.set('before', before);
  return (await fetchWithSession<AuditPage>(`${serverUrl(server)}/${path}/history?${params}`)).json;
}

/** The filter's own values only (none empty): what the list and its export are asked with. */
const filterValues = (filter: AuditFilter) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value));

const exportUrl = (id: string) => `${serverUrl('api')}/audit/export/${encodeURIComponent(id)}`;

/** The audit log's exports: the list as filtered, to CSV, through the export jobs. */
export const auditExportCalls = {
  start: async (filter: AuditFilter) =>
    (
      await fetchWithSession<AuditLogExport>(`${serverUrl('api')}/audit/export`, {
        method: 'POST',
        body: JSON.stringify(filterValues(filter)),
      })
    ).json,
  get: async (id: string) => (await fetchWithSession<AuditLogExport>(exportUrl(id))).json,
  /** The CSV as bytes (its byte-order mark kept). */
  download: (id: string) => downloadWithSession(`${exportUrl(id)}/file`, 'text/csv'),
};
