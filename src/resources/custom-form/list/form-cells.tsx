/**
 * How the forms table words its columns: '12 fields', a link to the revisions page ('3 revisions',
 * or 'Not published' before the first publish), and the last change as DD/MM/YYYY HH:MM (spec 2 §9).
 */
import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { RaRecord } from 'react-admin';
import type { ListCells } from '../../generic/GenericList';
import { formatDateTime } from '../../generic/date-time';
import { useT } from '../../../i18n/use-t';
import { revisionsPath } from './form-paths';

const Revisions = ({ record }: { record: RaRecord }) => {
  const t = useT();
  const version = Number(record.version ?? 0);
  if (version <= 0)
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {t('app.forms.list.not_published')}
      </Typography>
    );
  return (
    <Link component={RouterLink} to={revisionsPath(String(record.id))} underline="always" color="secondary.dark">
      {t('app.forms.list.revisions', { smart_count: version })}
    </Link>
  );
};

const FieldCount = ({ record }: { record: RaRecord }) => {
  const t = useT();
  return <>{t('app.forms.common.fields', { smart_count: Number(record.field_count ?? 0) })}</>;
};

export const formCells: ListCells = {
  field_count: (record) => <FieldCount record={record} />,
  version: (record) => <Revisions record={record} />,
  updated_at: (record) => formatDateTime(record.updated_at),
};
