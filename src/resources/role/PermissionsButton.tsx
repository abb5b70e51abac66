/**
 * The roles table's (and a role page's) link to a role's permission checklist (a button, or an
 * item of a row's menu on phones); only for a role that may read the checklist.
 */
import { Button, ListItemIcon, MenuItem } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { useCanAccess, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { RowExtraProps } from '../generic/RowActions';

export const PermissionsButton = ({ variant }: RowExtraProps) => {
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
        Permissions
      </MenuItem>
    );
  }
  return (
    <Button size="small" color="inherit" startIcon={<KeyIcon />} component={Link} to={to}>
      Permissions
    </Button>
  );
};
