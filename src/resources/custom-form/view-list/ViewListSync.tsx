/**
 * The view lists' Sync (spec 2 §2): publish the lists' current rows into the offline databases of
 * the programs whose forms pick from them — every list from the page's Sync button, one from a
 * row's sync button. For a role with can_sync_view_list; the server checks it again.
 */
import { useState } from 'react';
import { Button, CircularProgress, IconButton, Tooltip } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { useNotify, usePermissions } from 'react-admin';
import { syncCalls } from '../../../providers/sync-calls';
import type { RoleFlags } from '../../../session/session-store';
import type { MessageKey } from '../../../i18n/catalogue';
import { useT } from '../../../i18n/use-t';

export function useMaySyncViewLists(): boolean {
  const { permissions } = usePermissions<RoleFlags>();
  return permissions?.can_sync_view_list === true;
}

/** Runs one sync at a time and says how it went in the spec's words (all lists, or one). */
function useViewListSync(listId?: string) {
  const notify = useNotify();
  const [syncing, setSyncing] = useState(false);
  const [done, failed]: [MessageKey, MessageKey] =
    listId === undefined
      ? ['app.forms.view_lists.sync.all_done', 'app.forms.view_lists.sync.all_failed']
      : ['app.forms.view_lists.sync.one_done', 'app.forms.common.something_wrong'];
  const sync = async () => {
    setSyncing(true);
    try {
      await syncCalls.syncViewLists(listId);
      notify(done, { type: 'success' });
    } catch {
      notify(failed, { type: 'error' });
    } finally {
      setSyncing(false);
    }
  };
  return { syncing, sync: () => void sync() };
}

/** The page's Sync: every view list. */
export const SyncAllViewListsButton = () => {
  const { syncing, sync } = useViewListSync();
  const t = useT();
  return (
    <Button
      variant="outlined"
      startIcon={syncing ? <CircularProgress size={16} aria-label={t('app.forms.view_lists.sync.syncing_all')} /> : <SyncIcon />}
      disabled={syncing}
      onClick={sync}
    >
      {t('app.forms.view_lists.sync.button')}
    </Button>
  );
};

/** A row's sync: that list only. */
export const SyncViewListButton = ({ listId, name }: { listId: string; name: string }) => {
  const { syncing, sync } = useViewListSync(listId);
  const t = useT();
  return (
    <Tooltip title={t('app.forms.view_lists.sync.button')}>
      <span>
        <IconButton size="small" aria-label={t('app.forms.view_lists.sync.one', { name })} disabled={syncing} onClick={sync}>
          {syncing ? (
            <CircularProgress size={18} aria-label={t('app.forms.view_lists.sync.syncing_one', { name })} />
          ) : (
            <SyncIcon fontSize="small" />
          )}
        </IconButton>
      </span>
    </Tooltip>
  );
};
