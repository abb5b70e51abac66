/**
 * react-admin's query cache, with one change: an answer that says the request itself is wrong
 * or not allowed (4xx: 401, 403, 404...) is final, so it shows at once instead of after three
 * retries (about 8 s of a blank page). Server and network failures are still retried twice.
 */
import { QueryClient } from '@tanstack/react-query';

const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export const createQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
