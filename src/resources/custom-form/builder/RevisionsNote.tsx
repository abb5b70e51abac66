/**
 * The line under the edit page (spec 2 §2): how many revisions, linking to them, or that the form
 * was never published. The spec's 'There are N Revisions' reads wrong for one, so one is singular.
 */
import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../i18n/use-t';

export function RevisionsNote({ formId, version }: { formId: string; version: number }) {
  const t = useT();
  if (version <= 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('app.forms.builder.revisions_note.never')}
      </Typography>
    );
  return (
    <Link component={RouterLink} to={`/custom-form/form-revisions/${encodeURIComponent(formId)}`} variant="body2">
      {t('app.forms.builder.revisions_note.count', { smart_count: version })}
    </Link>
  );
}
