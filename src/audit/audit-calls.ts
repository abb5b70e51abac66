/** The audit log's calls: a page of changes, newest first, filtered; the next page by keyset. */
import { serverUrl } from '../config/runtime-config';
import { fetchWithSession } from '../providers/http-client';
import type { Change } from '@model/generated/index';

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
