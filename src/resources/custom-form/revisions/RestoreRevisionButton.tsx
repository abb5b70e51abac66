/**
 * Restore: after a confirmation, the revision's title and fields become the form's draft
 * (POST /form/restore), then the forms list. It carries the draft_version the page read, so a
 * draft someone saved meanwhile is not silently replaced (the server answers 409 and says so).
 * Published revisions are never changed.
 */
import { useState } from 'react';
import { Button, DialogContentText } from '@mui/material';
import RestoreIcon from '@mui/icons-material/Restore';
import { Confirm, useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { FormRevision } from '@model/forms/form-revision';
import type { FieldbaseDataProvider } from '../../../providers/data-provider';
import { FORM_LIST_PATH } from '../list/form-paths';
import { plural } from '../list/form-cells';

interface RestoreRevisionButtonProps {
  revision: FormRevision;
  formName: string;
  draftVersion: number | undefined;
}

export const RestoreRevisionButton = ({ revision, formName, draftVersion }: RestoreRevisionButtonProps) => {
  const dataProvider = useDataProvider<FieldbaseDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'custom-form', action: 'edit' });
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const restore = async () => {
    setBusy(true);
    try {
      await dataProvider.restoreFormRevision(revision._id, draftVersion);
      // The form's draft (and the list's row) changed: nothing cached about it still holds.
      await queryClient.invalidateQueries({ queryKey: ['custom-form'] });
      notify(`Revision ${revision.version} restored to the draft`, { type: 'success' });
      navigate(FORM_LIST_PATH);
    } catch (error) {
      notify((error as Error).message || 'Something went Wrong', { type: 'error' });
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <>
      <Button variant="contained" color="primary" startIcon={<RestoreIcon />} disabled={!canEdit} onClick={() => setAsking(true)}>
        Restore
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title={`Restore revision ${revision.version}?`}
        content={
          <DialogContentText>
            {`The draft of “${formName}” is replaced by revision ${revision.version} (“${revision.name}”, ${plural(revision.field_count, 'field')}). `}
            Published revisions stay as they are; publish the draft to make it the newest revision.
          </DialogContentText>
        }
        confirm="Restore"
        cancel="Cancel"
        onConfirm={restore}
        onClose={() => setAsking(false)}
      />
    </>
  );
};
