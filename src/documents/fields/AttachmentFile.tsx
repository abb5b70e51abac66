/** A file answer: its name, and a download fetched with the session. */
import { useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { documentCalls } from '../../providers/document-calls';
import { saveFile } from '../../shared/save-file';
import { useDocumentContext } from '../document-context';
import { useT } from '../../i18n/use-t';

export function AttachmentFile({ name }: { name: string }) {
  const { documentId } = useDocumentContext();
  const t = useT();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await documentCalls.getAttachment(documentId, name), name);
      setFailed(false);
    } catch (error) {
      console.error(error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} disabled={busy} onClick={() => void download()} color={failed ? 'error' : 'primary'}>
      {failed ? t('app.documents.answers.download_failed', { name }) : name}
    </Button>
  );
}
