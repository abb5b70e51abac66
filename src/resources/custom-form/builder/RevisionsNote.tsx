/**
 * The line under the edit page (spec 2 §2): how many revisions, linking to them, or that the form
 * was never published. The spec's 'There are N Revisions' reads wrong for one, so one is singular.
 */
import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

export function RevisionsNote({ formId, version }: { formId: string; version: number }) {
  if (version <= 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Not Published Form
      </Typography>
    );
  return (
    <Link component={RouterLink} to={`/custom-form/form-revisions/${encodeURIComponent(formId)}`} variant="body2">
      {version === 1 ? 'There is 1 Revision of this form' : `There are ${version} Revisions of this form`}
    </Link>
  );
}
