/**
 * How the forms table words its columns: '12 fields', a link to the revisions page ('3 revisions',
 * or 'Not published' before the first publish), and the last change as DD/MM/YYYY HH:MM (spec 2 §9).
 */
import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { RaRecord } from 'react-admin';
import type { ListCells } from '../../generic/GenericList';
import { formatDateTime } from '../../generic/date-time';
import { revisionsPath } from './form-paths';

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const Revisions = ({ record }: { record: RaRecord }) => {
  const version = Number(record.version ?? 0);
  if (version <= 0)
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        Not published
      </Typography>
    );
  return (
    <Link component={RouterLink} to={revisionsPath(String(record.id))} underline="always" color="secondary.dark">
      {plural(version, 'revision')}
    </Link>
  );
};

export const formCells: ListCells = {
  field_count: (record) => plural(Number(record.field_count ?? 0), 'field'),
  version: (record) => <Revisions record={record} />,
  updated_at: (record) => formatDateTime(record.updated_at),
};
