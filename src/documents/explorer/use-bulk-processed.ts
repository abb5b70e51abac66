/**
 * 'Mark as processed' on the ticked documents: one call (POST /document/processed), the server
 * checking and recording each. The answer says which were marked and, for each one left as it
 * was, why; then the results, the dashboard and any open document read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { explorerCalls } from '../../providers/explorer-calls';
import type { Translate } from '../../i18n/use-t';

export function useBulkProcessed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => explorerCalls.markProcessed(ids),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['explorer', 'docs'] });
      void client.invalidateQueries({ queryKey: ['dashboard'] });
      void client.invalidateQueries({ queryKey: ['document'] });
    },
  });
}

/** "3 documents marked as processed." / "1 document not marked:" */
export const markedText = (t: Translate, n: number) => t('app.documents.results.marked', { smart_count: n });
export const notMarkedText = (t: Translate, n: number) => t('app.documents.results.not_marked', { smart_count: n });
