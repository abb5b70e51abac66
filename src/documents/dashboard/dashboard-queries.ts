/**
 * The dashboard's three reads. A failure is only logged (spec 1 §8: dashboard stats errors show
 * no message); the sections then show a neutral empty state.
 */
import { useQuery } from '@tanstack/react-query';
import { documentCalls } from '../../providers/document-calls';

/** Days the documents-per-day chart covers, today included. */
export const CHART_DAYS = 30;

function logged<T>(what: string, call: () => Promise<T>): () => Promise<T> {
  return () =>
    call().catch((error: unknown) => {
      console.error(`Dashboard: ${what} could not be loaded`, error);
      throw error;
    });
}

export const useDashboardCounts = () =>
  useQuery({ queryKey: ['dashboard', 'static'], queryFn: logged('the counts', documentCalls.getCounts) });

export const useRecentlyProcessed = () =>
  useQuery({ queryKey: ['dashboard', 'lastupdated'], queryFn: logged('the recent documents', documentCalls.getRecentlyProcessed) });

export const useDocumentsPerDay = () =>
  useQuery({
    queryKey: ['dashboard', 'daily', CHART_DAYS],
    queryFn: logged('documents per day', () => documentCalls.getDaily(CHART_DAYS)),
  });
