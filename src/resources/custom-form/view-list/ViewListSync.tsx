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

export function useMaySyncViewLists(): boolean {
  const { permissions } = usePermissions<RoleFlags>();
  return permissions?.can_sync_view_list === true;
}

/** Runs one sync at a time and says how it went in the spec's words (all lists, or one). */
function useViewListSync(listId?: string) {
  const notify = useNotify();
  const [syncing, setSyncing] = useState(false);
  const [done, failed] =
    listId === undefined ? ['Sync To Database Successfully', 'Error in Sync to Database'] : ['Successfully Sync', 'Something went Wrong'];
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
  return (
    <Button
      variant="outlined"
      startIcon={syncing ? <CircularProgress size={16} aria-label="Syncing view lists" /> : <SyncIcon />}
      disabled={syncing}
      onClick={sync}
    >
      Sync
    </Button>
  );
};

/** A row's sync: that list only. */
export const SyncViewListButton = ({ listId, name }: { listId: string; name: string }) => {
  const { syncing, sync } = useViewListSync(listId);
  return (
    <Tooltip title="Sync">
      <span>
        <IconButton size="small" aria-label={`Sync ${name}`} disabled={syncing} onClick={sync}>
          {syncing ? <CircularProgress size={18} aria-label={`Syncing ${name}`} /> : <SyncIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
};
