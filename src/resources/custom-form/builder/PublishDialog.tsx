/**
 * Asks before publishing, showing what the new revision changes: the draft on screen (saved or
 * not) against the latest revision, in the words of the revisions page (change-words.ts), or,
 * for a form never published, how many fields its first revision will have.
 */
import { Alert, Box, CircularProgress, DialogContentText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Confirm, useDataProvider } from 'react-admin';
import type { FormField } from '@model/forms/field-definition';
import type { FormRevision } from '@model/forms/form-revision';
import { diffStructures } from '@model/forms/revision-diff';
import type { FieldbaseDataProvider } from '../../../providers/data-provider';
import { useT } from '../../../i18n/use-t';
import { describeChange, fieldLookup, titleLine } from '../revisions/change-words';
import { ChangeList, PropertyChange } from '../revisions/ChangeList';

export interface DraftToPublish {
  name: string;
  structures: FormField[];
}

interface PublishDialogProps {
  formId: string;
  /** The number of the latest revision (0: never published). */
  version: number;
  /** The draft to publish, or null when nothing is asked. */
  draft: DraftToPublish | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

function ChangeSummary({ formId, version, draft }: { formId: string; version: number; draft: DraftToPublish }) {
  const dataProvider = useDataProvider<FieldbaseDataProvider>();
  const t = useT();
  const revisions = useQuery<FormRevision[]>({
    queryKey: ['custom-form', 'getFormRevisions', formId],
    queryFn: () => dataProvider.getFormRevisions(formId),
    enabled: version > 0,
    staleTime: 0,
  });
  if (version === 0)
    return <DialogContentText>{t('app.forms.builder.publish.first', { smart_count: draft.structures.length })}</DialogContentText>;
  if (revisions.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress aria-label={t('app.forms.builder.publish.comparing')} />
      </Box>
    );
  const latest = revisions.data?.reduce<FormRevision | undefined>((a, r) => (!a || r.version > a.version ? r : a), undefined);
  if (!latest)
    return (
      <Alert severity="warning">
        {t('app.forms.builder.publish.not_listed', { error: (revisions.error as Error | null)?.message ?? '' })}
      </Alert>
    );
  const lookup = fieldLookup(latest.structures, draft.structures);
  const title = titleLine(
    {
      from: latest.version,
      to: 'draft',
      ...(latest.name !== draft.name ? { name: { before: latest.name, after: draft.name } } : {}),
      changes: [],
    },
    t,
  );
  const changes = diffStructures(latest.structures, draft.structures).map((c) => describeChange(c, lookup, t));
  const count = changes.length + (title ? 1 : 0);
  if (count === 0)
    return (
      <DialogContentText>
        {t('app.forms.builder.publish.no_changes', { version: latest.version, next: latest.version + 1 })}
      </DialogContentText>
    );
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('app.forms.builder.publish.from_to', { version: latest.version, smart_count: count })}
      </Typography>
      {title && (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            pb: 1,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <PropertyChange line={title} />
        </Box>
      )}
      <ChangeList changes={changes} />
    </Box>
  );
}

export function PublishDialog({ formId, version, draft, busy, onConfirm, onClose }: PublishDialogProps) {
  const t = useT();
  return (
    <Confirm
      isOpen={draft !== null}
      loading={busy}
      title={t('app.forms.builder.publish.title', { version: version + 1 })}
      content={draft && <ChangeSummary formId={formId} version={version} draft={draft} />}
      confirm="app.forms.builder.publish.confirm"
      cancel="ra.action.cancel"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
