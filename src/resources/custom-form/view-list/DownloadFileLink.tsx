/**
 * The Download column: the workbook as it was uploaded. A plain link cannot carry the bearer
 * token, so the file is fetched with the session and then saved under its uploaded name.
 */
import { useState } from 'react';
import { Box, CircularProgress, Link } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useDataProvider, useNotify, useRecordContext } from 'react-admin';
import type { FieldbaseDataProvider } from '../../../providers/data-provider';
import type { ViewListRecord } from '../../../providers/view-list-calls';
import { saveFile } from '../../../shared/save-file';
import { useT } from '../../../i18n/use-t';

export const DownloadFileLink = () => {
  const record = useRecordContext<ViewListRecord>();
  const dataProvider = useDataProvider<FieldbaseDataProvider>();
  const notify = useNotify();
  const t = useT();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const filename = record.file_name || `${record.name}.xlsx`;

  const download = async () => {
    setBusy(true);
    try {
      saveFile(await dataProvider.downloadViewListFile(String(record.id)), filename);
    } catch (error) {
      notify((error as Error).message || 'app.forms.view_lists.download.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Link
      component="button"
      type="button"
      onClick={download}
      disabled={busy}
      underline="hover"
      aria-label={t('app.forms.view_lists.download.file', { name: filename })}
      title={filename}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%', verticalAlign: 'middle', textAlign: 'left' }}
    >
      {busy ? (
        <CircularProgress size={16} aria-label={t('app.forms.view_lists.download.downloading')} />
      ) : (
        <DownloadIcon fontSize="small" />
      )}
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}>
        {filename}
      </Box>
    </Link>
  );
};
