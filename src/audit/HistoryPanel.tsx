/** A record's History tab: its own changes, newest first, each opening its before and after. */
import { ChangePages } from './ChangePages';
import { fetchHistoryPage } from './audit-calls';

export function HistoryPanel({ server, path }: { server: 'auth' | 'api'; path: string }) {
  return (
    <ChangePages
      queryKey={['history', server, path]}
      fetchPage={(before) => fetchHistoryPage(server, path, before)}
      empty="No change recorded yet."
    />
  );
}
