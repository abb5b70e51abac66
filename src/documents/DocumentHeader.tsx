/** The drawer's header: where the document belongs, who submitted it when, against which revision, and whether it is processed. */
import { Box, Chip, Typography } from '@mui/material';
import type { Document } from '@model/generated';
import { formatDateTime, moduleLabel, submitterName } from './document-format';
import { useT } from '../i18n/use-t';

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
  const t = useT();
  return (
    <Box
      component="dl"
      aria-label={t('app.documents.header.label')}
      className="document-field"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', columnGap: 2, rowGap: 1.25 }}
    >
      <Item label={t('app.documents.columns.program')} value={document.program_name} />
      <Item label={t('app.documents.columns.module')} value={moduleLabel(t, document.module)} />
      <Item label={t('app.documents.columns.document_type')} value={document.type_name} />
      <Item label={t('app.documents.columns.document_id')} value={document._id} />
      <Item label={t('app.documents.columns.local_id')} value={document.local_id} />
      <Item label={t('app.documents.header.submitted_by')} value={submitterName(document)} />
      <Item label={t('app.documents.header.submitted_at')} value={formatDateTime(document.createdAt)} />
      <Item
        label={t('app.documents.header.form_revision')}
        value={document.form_version ? t('app.documents.header.revision', { number: document.form_version }) : '—'}
      />
      <Item
        label={t('app.documents.header.status')}
        wide
        value={
          document.processed ? (
            <Chip
              size="small"
              color="secondary"
              label={t('app.documents.header.processed_at', { when: formatDateTime(document.processedAt) }).trim()}
            />
          ) : (
            <Chip size="small" variant="outlined" label={t('app.documents.header.not_processed')} />
          )
        }
      />
    </Box>
  );
}
