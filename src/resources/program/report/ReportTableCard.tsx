/** One table of the report under its heading, with its chart above it and 'Download CSV' (the same rows as shown). */
import type { ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownload';
import { safeFilename, toCsv } from '@model/csv';
import { saveFile } from '../../../shared/save-file';
import { useT } from '../../../i18n/use-t';
import type { ReportTable } from './report-tables';

export function downloadCsv(table: ReportTable, programName: string) {
  const blob = new Blob([toCsv(table.header, table.rows)], { type: 'text/csv;charset=utf-8' });
  saveFile(blob, `${safeFilename(`${programName} ${table.title}`)}.csv`);
}

export const ReportTableCard = ({
  table,
  programName,
  empty,
  chart,
}: {
  table: ReportTable;
  programName: string;
  empty: string;
  chart?: ReactNode;
}) => {
  const t = useT();
  return (
    <Card component="section" aria-label={table.title} variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2">
            {table.title}
          </Typography>
          <Button
            size="small"
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={table.rows.length === 0}
            onClick={() => downloadCsv(table, programName)}
          >
            {t('app.program.report.download_csv')}
          </Button>
        </Box>
        {table.rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {empty}
          </Typography>
        ) : (
          <>
            {chart}
            {/* A table wider or longer than the card scrolls in it (width 0, at least the card's: its many
              week columns never widen the page), focusable so a keyboard scrolls it too. */}
            <TableContainer sx={{ maxHeight: 420, width: 0, minWidth: '100%' }} tabIndex={0}>
              <Table size="small" stickyHeader aria-label={table.title}>
                <TableHead>
                  <TableRow>
                    {table.header.map((h) => (
                      <TableCell key={h} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                        {h}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {table.rows.map((row, i) => (
                    <TableRow key={i}>
                      {row.map((cell, j) => (
                        <TableCell key={j} sx={{ whiteSpace: 'nowrap' }}>
                          {cell}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </CardContent>
    </Card>
  );
};
