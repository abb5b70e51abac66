/**
 * /role/permission/{id}: one checkbox per flag of the permission schema, grouped as the schema
 * says (App, User, Role, Permission, Designation, Documents). A new flag in the schema is a
 * new checkbox here with no other change. The page reads GET /permission/{id} and opens only
 * with can_get_permission (role answers carry no flags without it). Update needs can_edit_role
 * (spec 1 §2, §6) and can_edit_permission, which the server checks.
 * The Admin role's list is read-only: it always holds every flag (the server refuses changes).
 */
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Checkbox, CircularProgress, FormControlLabel, Grid, Typography } from '@mui/material';
import { Title, useCanAccess, useNotify } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { permissionFlags, permissionGroups } from '@model/schema-registry';
import { dataProvider, type RoleRecord } from '../../providers/data-provider';
import { useSession } from '../../session/useSession';
import { refreshToken } from '../../providers/http-client';
import { PageAccess } from '../generic/RecordPageFrame';
import { useT } from '../../i18n/use-t';

/** The seeded Admin role (its slug never changes), which holds every flag at each start. */
import { ADMIN_ROLE_SLUG } from '@model/rules';
import { groupKey } from '@model/schema-catalogue';

/** The flags no group of the schema claims. */
const OTHER_GROUP = 'Other';

export const flagsByGroup = () =>
  permissionGroups
    .map((group) => ({ group, flags: permissionFlags.filter((f) => f.group === group) }))
    .concat([{ group: OTHER_GROUP, flags: permissionFlags.filter((f) => !permissionGroups.includes(f.group)) }])
    .filter((g) => g.flags.length > 0);

/** A group's key in the catalogue (`schemas.permission.groups.<key>`), as the catalogue's generator makes it. */

/** 'permission' is no resource of the map: its flags (can_get_permission, can_edit_permission) guard the checklist. */
export const PermissionChecklist = () => {
  const t = useT();
  return (
    <PageAccess resource="permission" action="show" denied={t('app.people.permissions.denied')}>
      <Checklist />
    </PageAccess>
  );
};

const Checklist = () => {
  const { id = '' } = useParams();
  const t = useT();
  const notify = useNotify();
  const navigate = useNavigate();
  const mine = useSession().user?.role?.permission ?? {};
  // Editing the role (spec 1 §6) and the flag the server checks on PATCH /permission.
  const { canAccess: mayEditRole = false } = useCanAccess({ resource: 'role', action: 'edit' });
  const { canAccess: mayEditFlags = false } = useCanAccess({ resource: 'permission', action: 'edit' });
  const mayEdit = mayEditRole && mayEditFlags;
  const {
    data: role,
    isPending,
    error,
    refetch,
  } = useQuery<RoleRecord>({ queryKey: ['permission', 'getRolePermission', id], queryFn: () => dataProvider.getRolePermission(id) });
  // The boxes ticked or cleared since the role was read; the rest show what the server holds.
  const [changes, setChanges] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);

  if (isPending) return <CircularProgress sx={{ m: 4 }} />;
  if (error || !role)
    return (
      <Alert severity="error" sx={{ m: 3 }}>
        {(error as Error)?.message ?? t('app.people.permissions.not_found')}
      </Alert>
    );
  // By name, as the checklist lists them: the schema's flags, whichever the generated type knows.
  const saved: Record<string, boolean | undefined> = { ...role.permission };
  const flags = { ...saved, ...changes };
  const isAdminRole = role.role_slug === ADMIN_ROLE_SLUG;
  const canEdit = mayEdit && !isAdminRole;

  // A group or flag the generated catalogue does not hold yet shows as the schema words it.
  const groupName = (group: string) =>
    group === OTHER_GROUP ? t('app.people.permissions.other_group') : t(`schemas.permission.groups.${groupKey(group)}`, { _: group });

  const update = async () => {
    setBusy(true);
    try {
      // Only what changed: the server checks every flag switched on against the editor's own.
      const changed = Object.fromEntries(
        permissionFlags.filter((f) => (flags[f.name] === true) !== (saved[f.name] === true)).map((f) => [f.name, flags[f.name] === true]),
      );
      if (Object.keys(changed).length) await dataProvider.setRolePermission(id, changed);
      // My own role may have changed: take the flags the server now holds for me.
      await refreshToken();
      notify('app.people.permissions.updated', { type: 'success' });
      await refetch();
      setChanges({});
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title={t('app.people.permissions.page_title', { role: role.role })} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2, gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('app.people.permissions.heading', { role: role.role })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button color="inherit" onClick={() => navigate('/role')}>
            {t('app.people.permissions.back')}
          </Button>
          {canEdit && (
            <Button variant="contained" onClick={update} disabled={busy}>
              {t('ra.action.update')}
            </Button>
          )}
        </Box>
      </Box>
      {isAdminRole && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('app.people.permissions.admin_note')}
        </Alert>
      )}
      <Grid container spacing={2}>
        {flagsByGroup().map(({ group, flags: groupFlags }) => (
          <Grid key={group} size={{ xs: 12, md: 6, lg: 4 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                  {groupName(group)}
                </Typography>
                {groupFlags.map((flag) => (
                  <FormControlLabel
                    key={flag.name}
                    sx={{ display: 'flex' }}
                    label={t(`schemas.permission.fields.${flag.name}`, { _: flag.label })}
                    control={
                      <Checkbox
                        color="secondary"
                        checked={flags[flag.name] === true}
                        // Nobody can switch on a flag they do not hold themselves (the server refuses it).
                        disabled={!canEdit || (!mine[flag.name] && flags[flag.name] !== true)}
                        onChange={(e) => setChanges((current) => ({ ...current, [flag.name]: e.target.checked }))}
                      />
                    }
                  />
                ))}
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
};
