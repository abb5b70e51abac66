/** One revision: who published it and when, Restore, and two views of it — the form read-only, and what changed. */
import { Suspense, useState } from 'react';
import { Box, CircularProgress, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { FormRevision } from '@model/forms/form-revision';
import type { FormField } from '@model/forms/field-definition';
import { LazyFormPreview } from '../../../forms/preview';
import { formatDateTime } from '../../generic/date-time';
import { useT } from '../../../i18n/use-t';
import { personName } from './RevisionList';
import { RevisionCompare } from './RevisionCompare';
import { RestoreRevisionButton } from './RestoreRevisionButton';

interface RevisionDetailProps {
  formId: string;
  formName: string;
  draft: FormField[] | undefined;
  draftVersion: number | undefined;
  revisions: FormRevision[];
  revision: FormRevision;
}

type View = 'form' | 'changes';

export const RevisionDetail = ({ formId, formName, draft, draftVersion, revisions, revision }: RevisionDetailProps) => {
  const [view, setView] = useState<View>('form');
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      <Box sx={{ p: 2, pb: 0 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {`${t('app.forms.revisions.list.revision', { version: revision.version })} · ${revision.name}`}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {`${t('app.forms.revisions.detail.published', { date: formatDateTime(revision.created_at), person: personName(revision.created_by, t) })} · ${t('app.forms.common.fields', { smart_count: revision.field_count })}`}
            </Typography>
          </Box>
          <Box sx={{ flexShrink: 0 }}>
            <RestoreRevisionButton revision={revision} formName={formName} draftVersion={draftVersion} />
          </Box>
        </Stack>
        <Tabs value={view} onChange={(_, v: View) => setView(v)} sx={{ mt: 1 }} textColor="secondary" indicatorColor="secondary">
          <Tab value="form" label={t('app.forms.revisions.detail.form')} />
          <Tab value="changes" label={t('app.forms.revisions.detail.changes')} />
        </Tabs>
      </Box>
      <Box
        sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}
        role="tabpanel"
        aria-label={view === 'form' ? t('app.forms.revisions.detail.form') : t('app.forms.revisions.detail.changes')}
      >
        {view === 'form' ? (
          <Suspense fallback={<CircularProgress aria-label={t('app.forms.revisions.detail.loading')} sx={{ m: 2 }} />}>
            <Box sx={{ maxWidth: 720 }}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('app.forms.revisions.detail.read_only')}
              </Typography>
              <LazyFormPreview fields={revision.structures ?? []} readOnly />
            </Box>
          </Suspense>
        ) : (
          <RevisionCompare key={revision.version} formId={formId} revisions={revisions} selected={revision} draft={draft} />
        )}
      </Box>
    </Paper>
  );
};
