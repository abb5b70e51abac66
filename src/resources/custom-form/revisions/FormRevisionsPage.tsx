/**
 * /custom-form/form-revisions/{id} (spec 2 §2 "Form revisions"): the form's published revisions,
 * newest first; the one picked shown read-only and compared with any other; Restore; Go Back.
 * A form never published says 'Not Published Form'.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Title, useDataProvider, useGetOne, type HttpError } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { FormRevision } from '@model/forms/form-revision';
import type { FieldbaseDataProvider } from '../../../providers/data-provider';
import type { FormRecord } from '../../../providers/form-calls';
import { PageAccess, RecordPageFrame } from '../../generic/RecordPageFrame';
import { FORM_LIST_PATH, editFormPath } from '../list/form-paths';
import { RevisionList } from './RevisionList';
import { RevisionDetail } from './RevisionDetail';
import { useT, type Translate } from '../../../i18n/use-t';

export const FormRevisionsPage = () => {
  const t = useT();
  return (
    <PageAccess resource="custom-form" action="show" denied={t('app.forms.revisions.page.denied')}>
      <FormRevisions />
    </PageAccess>
  );
};

/** What went wrong in a person's words: the form is gone, or their role may not see it. */
function problemText(error: unknown, t: Translate): string {
  const status = (error as HttpError)?.status;
  if (status === 404) return t('app.forms.revisions.page.not_found');
  if (status === 403) return t('app.forms.revisions.page.forbidden');
  return t('app.forms.revisions.page.failed', { error: (error as Error)?.message ?? '' }).trim();
}

const Frame = ({ title, onBack, children }: { title: ReactNode; onBack: () => void; children: ReactNode }) => {
  const t = useT();
  return (
    <RecordPageFrame
      overline={t('app.forms.revisions.page.overline')}
      title={title}
      maxWidth={1280}
      actions={
        <Button color="inherit" variant="outlined" startIcon={<ArrowBackIcon />} onClick={onBack}>
          {t('ra.action.back')}
        </Button>
      }
    >
      {children}
    </RecordPageFrame>
  );
};

const FormRevisions = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const dataProvider = useDataProvider<FieldbaseDataProvider>();
  const t = useT();
  const form = useGetOne<FormRecord>('custom-form', { id }, { retry: false });
  const revisions = useQuery<FormRevision[]>({
    queryKey: ['custom-form', 'getFormRevisions', id],
    queryFn: () => dataProvider.getFormRevisions(id),
    retry: false,
  });
  const [picked, setPicked] = useState<number | undefined>();
  // Back where the person came from (the builder or the list); a page opened directly goes to the form.
  const goBack = () => (location.key !== 'default' ? navigate(-1) : navigate(editFormPath(id)));

  const error = form.error ?? revisions.error;
  if (error)
    return (
      <Frame title={t('app.forms.revisions.page.overline')} onBack={() => navigate(FORM_LIST_PATH)}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => navigate(FORM_LIST_PATH)}>
              {t('resources.custom-form.name', { smart_count: 2 })}
            </Button>
          }
        >
          {problemText(error, t)}
        </Alert>
      </Frame>
    );
  if (!form.data || !revisions.data)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label={t('app.forms.revisions.page.loading')} />
      </Box>
    );

  const name = form.data.name;
  const list = [...revisions.data].sort((a, b) => b.version - a.version);
  const selected = list.find((r) => r.version === picked) ?? list[0];
  return (
    <Frame title={name} onBack={goBack}>
      <Title title={t('app.forms.revisions.page.tab_title', { name })} />
      {!selected ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {t('app.forms.revisions.page.never')}
          </Typography>
          <Typography color="text.secondary">{t('app.forms.revisions.page.appear')}</Typography>
        </Paper>
      ) : (
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' }, alignItems: 'start' }}
        >
          <RevisionList revisions={list} selected={selected.version} onSelect={setPicked} />
          <RevisionDetail
            formId={id}
            formName={name}
            draft={form.data.structures as FormRevision['structures'] | undefined}
            draftVersion={form.data.draft_version}
            revisions={list}
            revision={selected}
          />
        </Box>
      )}
    </Frame>
  );
};
