/**
 * The roles table's (and a role page's) link to a role's permission checklist (a button, or an
 * item of a row's menu on phones); only for a role that may read the checklist.
 */
import { Button, ListItemIcon, MenuItem } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { useCanAccess, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { RowExtraProps } from '../generic/RowActions';
import { useT } from '../../i18n/use-t';

export const PermissionsButton = ({ variant }: RowExtraProps) => {
  const t = useT();
  const record = useRecordContext();
  const { canAccess = false } = useCanAccess({ resource: 'permission', action: 'show' });
  if (!record || !canAccess) return null;
  const to = `/role/permission/${record.id}`;
  if (variant === 'menu') {
    return (
      <MenuItem component={Link} to={to}>
        <ListItemIcon>
          <KeyIcon fontSize="small" />
        </ListItemIcon>
        {t('app.people.permissions.button')}
      </MenuItem>
    );
  }
  return (
    <Button size="small" color="inherit" startIcon={<KeyIcon />} component={Link} to={to}>
      {t('app.people.permissions.button')}
    </Button>
  );
};
