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

export const FormRevisionsPage = () => (
  <PageAccess resource="custom-form" action="show" denied="You don't have permission to see forms">
    <FormRevisions />
  </PageAccess>
);

/** What went wrong in a person's words: the form is gone, or their role may not see it. */
function problemText(error: unknown): string {
  const status = (error as HttpError)?.status;
  if (status === 404) return 'This form does not exist. It may have been deleted.';
  if (status === 403) return "You don't have permission to see this form's revisions.";
  return `Could not load the revisions. ${(error as Error)?.message ?? ''}`.trim();
}

const Frame = ({ title, onBack, children }: { title: ReactNode; onBack: () => void; children: ReactNode }) => (
  <RecordPageFrame
    overline="Form revisions"
    title={title}
    maxWidth={1280}
    actions={
      <Button color="inherit" variant="outlined" startIcon={<ArrowBackIcon />} onClick={onBack}>
        Go Back
      </Button>
    }
  >
    {children}
  </RecordPageFrame>
);

const FormRevisions = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const dataProvider = useDataProvider<FieldbaseDataProvider>();
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
      <Frame title="Form revisions" onBack={() => navigate(FORM_LIST_PATH)}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => navigate(FORM_LIST_PATH)}>
              Custom Forms
            </Button>
          }
        >
          {problemText(error)}
        </Alert>
      </Frame>
    );
  if (!form.data || !revisions.data)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Loading the revisions" />
      </Box>
    );

  const name = form.data.name;
  const list = [...revisions.data].sort((a, b) => b.version - a.version);
  const selected = list.find((r) => r.version === picked) ?? list[0];
  return (
    <Frame title={name} onBack={goBack}>
      <Title title={`Revisions of ${name}`} />
      {!selected ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            Not Published Form
          </Typography>
          <Typography color="text.secondary">Revisions appear here once the form is published.</Typography>
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
