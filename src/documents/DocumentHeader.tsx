/** The drawer's header: where the document belongs, who submitted it when, against which revision, and whether it is processed. */
import { Box, Chip, Typography } from '@mui/material';
import type { Document } from '@model/generated';
import { formatDateTime, moduleLabel, submitterName } from './document-format';

function Item({ label, value, wide }: { label: string; value: React.ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Box>
  );
}

export function DocumentHeader({ document }: { document: Document }) {
  return (
    <Box
      component="dl"
      aria-label="Document details"
      className="document-field"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', columnGap: 2, rowGap: 1.25 }}
    >
      <Item label="Program" value={document.program_name} />
      <Item label="Module" value={moduleLabel(document.module)} />
      <Item label="Document Type" value={document.type_name} />
      <Item label="Document ID" value={document._id} />
      <Item label="Local ID" value={document.local_id} />
      <Item label="Submitted by" value={submitterName(document)} />
      <Item label="Submitted at" value={formatDateTime(document.createdAt)} />
      <Item label="Form revision" value={document.form_version ? `Revision ${document.form_version}` : '—'} />
      <Item
        label="Status"
        wide
        value={
          document.processed ? (
            <Chip size="small" color="secondary" label={`Processed ${formatDateTime(document.processedAt)}`.trim()} />
          ) : (
            <Chip size="small" variant="outlined" label="Submitted, not processed" />
          )
        }
      />
    </Box>
  );
}
