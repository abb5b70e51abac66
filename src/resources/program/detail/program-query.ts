/**
 * The full program (GET program/{id}/full) as every tab of the detail page reads it: one query
 * key, so a change made on any tab (a goal, a team member, a module) refreshes them all.
 * Notifications hang below that key, so refreshing the program refreshes them too.
 */
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { programCalls } from '../../../providers/program-calls';

export const programQueryKey = (id: string) => ['program', 'full', id] as const;
export const notificationsQueryKey = (id: string) => [...programQueryKey(id), 'notifications'] as const;

export function useFullProgram(id: string) {
  return useQuery({ queryKey: programQueryKey(id), queryFn: () => programCalls.getFullProgram(id) });
}

/** Read the program (and what hangs below it) again after a change. */
export function useProgramRefresh(id: string) {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: programQueryKey(id) }), [client, id]);
}
