/**
 * react-admin's query cache, with two changes. An answer that says the request itself is wrong
 * or not allowed (4xx: 401, 403, 404...) is final, so it shows at once instead of after three
 * retries (about 8 s of a blank page); server and network failures are still retried twice.
 * And the cached answers of canAccess and getPermissions are dropped whenever the stored session
 * changes (sign-in, renewal, a changed role), so menus and buttons follow the role at once.
 */
import { QueryClient } from '@tanstack/react-query';
import { subscribeSession } from '../session/session-store';

const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
  subscribeSession(() => {
    void client.invalidateQueries({ queryKey: ['auth', 'canAccess'] });
    void client.invalidateQueries({ queryKey: ['auth', 'getPermissions'] });
  });
  return client;
}
