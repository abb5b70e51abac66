/**
 * 'Export Users': every row the list's search and filters match (not only the page on screen),
 * in the list's order, with the columns the column chooser leaves visible. The server writes
 * the CSV and streams it; the browser fetches it with the bearer token and saves it.
 */
import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useListContext, useNotify, useResourceContext, useStore } from 'react-admin';
import { columnsPreferenceKey } from './column-preferences';
import { resourceEntry, resourceNamed } from '@model/schema-registry';
import { safeFilename } from '@model/csv';
import { dataProvider } from '../../providers/data-provider';
import { saveFile } from '../../shared/save-file';
import { useT } from '../../i18n/use-t';
import { resourceLabel } from './resource-label';

interface StoredColumn {
  index: string;
  source?: string;
}

/** The visible columns' sources, in order, from the column chooser's stored preferences. */
function useVisibleColumns(resource: string): string[] | undefined {
  const key = `preferences.${columnsPreferenceKey(resource)}`;
  const [available] = useStore<StoredColumn[]>(`${key}.availableColumns`, []);
  const [omit] = useStore<string[]>(`${key}.omit`, []);
  const [chosen] = useStore<string[] | undefined>(`${key}.columns`, undefined);
  if (!available.length) return undefined; // the chooser has not run yet: the server's default columns
  const indexes = chosen ?? available.filter((c) => !c.source || !omit?.includes(c.source)).map((c) => c.index);
  return indexes.map((i) => available.find((c) => c.index === i)?.source).filter((s): s is string => Boolean(s));
}

export const ExportButton = () => {
  const resource = resourceNamed(useResourceContext()!);
  const entry = resourceEntry(resource);
  const { sort, filter, filterValues, total } = useListContext();
  const columns = useVisibleColumns(resource);
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const t = useT();
  const label = resourceLabel(t, resource);

  const exportRows = async () => {
    setBusy(true);
    try {
      const blob = await dataProvider.exportCsv(resource, { sort, filter: { ...filterValues, ...filter }, columns });
      saveFile(blob, `${safeFilename(entry.label.many)}.csv`);
    } catch (error) {
      notify((error as Error).message || t('app.records.list.export_failed', { name: label.manyLower }), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      color="inherit"
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
      onClick={exportRows}
      disabled={busy || !total}
    >
      {t('app.records.list.export', { name: label.many })}
    </Button>
  );
};
