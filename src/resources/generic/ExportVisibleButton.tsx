/**
 * 'Export Users': a CSV of exactly what the table shows, the rows on screen and the columns
 * the column chooser leaves visible, formatted as on screen.
 */
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadCSV, useListContext, useResourceContext, useStore } from 'react-admin';
import { resourceEntry, resourceSchema } from '../../shared/schema-registry';
import { displayValue } from './schema-fields';

interface StoredColumn {
  index: string;
  source?: string;
  label?: string;
}

/** Spec 1 §9: a file name has its punctuation replaced with underscores. */
export const safeFilename = (name: string) => name.replace(/[\s!"#$%&'()*+,./:;<=>?@[\\\]^`{|}~-]+/g, '_');

/**
 * RFC 4180 CSV with a byte-order mark, so Excel reads accents right. A cell that a spreadsheet
 * would run as a formula (= + - @, tab, return) is prefixed with an apostrophe.
 */
export function toCsv(header: string[], rows: string[][]): string {
  const cell = (raw: string) => {
    const value = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
    return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  };
  return '\uFEFF' + [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n');
}

export const ExportVisibleButton = () => {
  const resource = useResourceContext()!;
  const entry = resourceEntry(resource);
  const schema = resourceSchema(resource);
  const { data } = useListContext();
  const key = `preferences.${resource}.datagrid`;
  const [available] = useStore<StoredColumn[]>(`${key}.availableColumns`, []);
  const [omit] = useStore<string[]>(`${key}.omit`, []);
  const [chosen] = useStore<string[] | undefined>(`${key}.columns`, undefined);

  const exportRows = () => {
    const indexes = chosen ?? available.filter((c) => !c.source || !omit?.includes(c.source)).map((c) => c.index);
    const columns = indexes
      .map((i) => available.find((c) => c.index === i))
      .filter((c): c is StoredColumn & { source: string } => Boolean(c?.source));
    const header = columns.map((c) => c.label ?? schema.properties[c.source]?.title ?? c.source);
    const rows = (data ?? []).map((record) => columns.map((c) => displayValue(schema, c.source, record, entry.status)));
    downloadCSV(toCsv(header, rows), safeFilename(entry.label.many));
  };

  return (
    <Button color="inherit" startIcon={<DownloadIcon />} onClick={exportRows} disabled={!data?.length}>
      {`Export ${entry.label.many}`}
    </Button>
  );
};
