/** A record's History tab: its own changes, newest first, each opening its before and after. */
import { ChangePages } from './ChangePages';
import { fetchHistoryPage } from './audit-calls';
import { useT } from '../i18n/use-t';

export function HistoryPanel({ server, path }: { server: 'auth' | 'api'; path: string }) {
  const t = useT();
  return (
    <ChangePages
      queryKey={['history', server, path]}
      fetchPage={(before) => fetchHistoryPage(server, path, before)}
      empty={t('app.audit.history.empty')}
    />
  );
}
