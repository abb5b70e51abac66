/** The roles table's link to a role's permission checklist (a button, or an item of a row's menu on phones). */
import { Button, ListItemIcon, MenuItem } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { RowExtraProps } from '../generic/RowActions';

export const PermissionsButton = ({ variant }: RowExtraProps) => {
  const record = useRecordContext();
  if (!record) return null;
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
