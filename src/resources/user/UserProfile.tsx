/** /user/{id}: the read-only profile, with an Edit button to /user/edit/{id} (spec 1 §2), and the user's History. */
import { Alert, Avatar, Box, Button, CircularProgress, Grid, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useCanAccess, useGetOne } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { resourceSchema } from '@model/schema-registry';
import { displayValue } from '@model/display-value';
import { UserPageFrame } from './UserPageFrame';
import type { UserRecord } from '../../providers/data-provider';
import { initialsOf, photoUrl } from './user-rules';
import { HistorySection } from '../../audit/HistorySection';
import { useT } from '../../i18n/use-t';

const schema = resourceSchema('user');
const SHOWN = ['first_name', 'last_name', 'email', 'mobile', 'employeeId', 'designation', 'role', 'status'];

export const UserProfile = () => {
  const { id = '' } = useParams();
  const t = useT();
  const navigate = useNavigate();
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'user', action: 'edit' });
  const { data: record, isPending, error } = useGetOne<UserRecord>('user', { id });
  if (isPending) return <CircularProgress sx={{ m: 4 }} />;
  if (error || !record)
    return (
      <Alert severity="error" sx={{ m: 3 }}>
        {(error as Error)?.message ?? t('app.people.users.not_found')}
      </Alert>
    );
  // The status reads Active/Inactive in the user's language; the rest is the record's own data.
  const valueOf = (field: string) =>
    field === 'status'
      ? t(record.status === true ? 'app.people.users.active' : 'app.people.users.inactive')
      : displayValue(schema, field, record, 'status');
  const edit = (
    <Button variant="contained" startIcon={<EditIcon />} disabled={!canEdit} onClick={() => navigate(`/user/edit/${id}`)}>
      {t('ra.action.edit')}
    </Button>
  );
  return (
    <UserPageFrame title={t('app.people.users.profile_title')} actions={edit}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <Avatar src={photoUrl(record.photo)} sx={{ width: 72, height: 72, bgcolor: 'secondary.main', fontSize: 28 }}>
          {initialsOf(record)}
        </Avatar>
        <Typography variant="h6">{`${record.first_name} ${record.last_name}`}</Typography>
      </Box>
      <Grid container spacing={2}>
        {SHOWN.map((field) => (
          <Grid key={field} size={{ xs: 12, sm: 6 }}>
            <Typography variant="caption" color="text.secondary">
              {t(`schemas.user.fields.${field}`)}
            </Typography>
            <Typography>{valueOf(field) || '—'}</Typography>
          </Grid>
        ))}
      </Grid>
      <HistorySection resource="user" id={id} />
    </UserPageFrame>
  );
};
