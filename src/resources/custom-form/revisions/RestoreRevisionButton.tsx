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
import { useT } from '../../../i18n/use-t';

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
  const t = useT();
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'custom-form', action: 'edit' });
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const restore = async () => {
    setBusy(true);
    try {
      await dataProvider.restoreFormRevision(revision._id, draftVersion);
      // The form's draft (and the list's row) changed: nothing cached about it still holds.
      await queryClient.invalidateQueries({ queryKey: ['custom-form'] });
      notify('app.forms.revisions.restore.done', { type: 'success', messageArgs: { version: revision.version } });
      navigate(FORM_LIST_PATH);
    } catch (error) {
      notify((error as Error).message || 'app.forms.common.something_wrong', { type: 'error' });
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <>
      <Button variant="contained" color="primary" startIcon={<RestoreIcon />} disabled={!canEdit} onClick={() => setAsking(true)}>
        {t('app.forms.revisions.restore.button')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title={t('app.forms.revisions.restore.title', { version: revision.version })}
        content={
          <DialogContentText>
            {`${t('app.forms.revisions.restore.replaced', {
              form: formName,
              version: revision.version,
              name: revision.name,
              fields: t('app.forms.common.fields', { smart_count: revision.field_count }),
            })} `}
            {t('app.forms.revisions.restore.stay')}
          </DialogContentText>
        }
        confirm="app.forms.revisions.restore.button"
        cancel="ra.action.cancel"
        onConfirm={restore}
        onClose={() => setAsking(false)}
      />
    </>
  );
};
