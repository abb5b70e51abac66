/**
 * A permission file's Download, and Preview for an image (a PDF is downloaded: the console's
 * content policy lets no document be embedded). The bytes come with the session: the file is
 * not public.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { useNotify, type RaRecord } from 'react-admin';
import { programCalls } from '../../providers/program-calls';
import { saveFile } from '../../shared/save-file';
import { useT } from '../../i18n/use-t';

const isImage = (record: RaRecord) => String(record.content_type ?? '').startsWith('image/') || Boolean(record.preview);

export const PermissionFileActions = ({ record }: { record: RaRecord }) => {
  const t = useT();
  const notify = useNotify();
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = String(record.file_name || record.name || 'permission-file');
  const fetchFile = async () => {
    setBusy(true);
    try {
      return await programCalls.downloadPermissionFile(String(record.id));
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    const blob = await fetchFile();
    if (blob) saveFile(blob, name);
  };
  const preview = async () => {
    const blob = await fetchFile();
    if (blob) setShown(URL.createObjectURL(blob));
  };
  const close = () => {
    if (shown) URL.revokeObjectURL(shown);
    setShown(null);
  };
  return (
    <>
      {isImage(record) && (
        <Button size="small" startIcon={<VisibilityIcon />} onClick={preview} disabled={busy}>
          {t('app.people.permission_file.preview')}
        </Button>
      )}
      <Button size="small" startIcon={<DownloadIcon />} onClick={download} disabled={busy}>
        {t('app.people.permission_file.download')}
      </Button>
      <Dialog open={shown !== null} onClose={close} maxWidth="md" aria-labelledby="permission-preview-title">
        <DialogTitle id="permission-preview-title">{String(record.name ?? name)}</DialogTitle>
        <DialogContent>
          {shown && <img src={shown} alt={name} style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={download}>{t('app.people.permission_file.download')}</Button>
          <Button onClick={close}>{t('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
