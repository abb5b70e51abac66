/** The roles table's link to a role's permission checklist. */
import { Button } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';

export const PermissionsButton = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button size="small" color="inherit" startIcon={<KeyIcon />} component={Link} to={`/role/permission/${record.id}`}>
      Permissions
    </Button>
  );
};
