/**
 * How far a view-list file has got while the dialog waits for the server's answer: its upload
 * (as the browser sends it), then the server's reading of its rows, polled once a second by the
 * import id the dialog sent with the file (GET /listview/import/{import_id}) once the file is
 * all up; the server may take a moment more to know it (the poll then finds nothing yet).
 */
import { useEffect, useState } from 'react';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { FieldbaseDataProvider } from '../../../providers/data-provider';
import type { ViewListImport } from '../../../providers/view-list-calls';
import { useT } from '../../../i18n/use-t';

const POLL_MS = 1000;

/** The server's state of the import, once it has one; polled while `importId` is set. */
export function useImportProgress(importId: string | undefined): ViewListImport | undefined {
  const dataProvider = useDataProvider<FieldbaseDataProvider>();
  // Kept with the id it is for, so a new import never shows the last one's state.
  const [state, setState] = useState<{ importId: string; found: ViewListImport }>();
  useEffect(() => {
    if (!importId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const found = await dataProvider.getViewListImport(importId);
        if (!stopped) setState({ importId, found });
      } catch {
        // Not there yet (the server is still storing the file), or a passing failure: the next poll tells.
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [dataProvider, importId]);
  return importId && state?.importId === importId ? state.found : undefined;
}

const percent = (fraction: number) => Math.round(Math.min(1, Math.max(0, fraction)) * 100);

export function ImportProgress({ fileName, uploaded, server }: { fileName: string; uploaded: number; server?: ViewListImport }) {
  const t = useT();
  let label: string;
  let value: number | undefined;
  if (server?.status === 'queued') label = t('app.forms.view_lists.import.waiting');
  else if (server?.status === 'reading' || server?.status === 'done') {
    label = t('app.forms.view_lists.import.reading', { smart_count: server.rows_read, count: server.rows_read.toLocaleString() });
    value = server.fraction > 0 ? percent(server.fraction) : undefined;
  } else if (uploaded < 1) {
    label = t('app.forms.view_lists.import.uploading', { name: fileName, percent: percent(uploaded) });
    value = percent(uploaded);
  } else label = t('app.forms.view_lists.import.uploaded');
  return (
    <Box role="status" aria-live="polite">
      <LinearProgress
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
        aria-label={server ? t('app.forms.view_lists.import.rows_read') : t('app.forms.view_lists.import.upload')}
        sx={{ height: 6, borderRadius: 3, mb: 0.75 }}
      />
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
    </Box>
  );
}
