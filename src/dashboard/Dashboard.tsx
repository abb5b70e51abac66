/**
 * /dashboard: a greeting and the sections this user's role opens (the auth provider's canAccess
 * for each menu resource's list).
 */
import { Box, Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useCanAccessResources } from 'react-admin';
import { useSession } from '../session/useSession';
import { menuResources } from '../layout/SideMenu';
import { menuIcon } from '../layout/menu-icons';

const menu = menuResources();
const menuNames = menu.map(([name]) => name);

export const Dashboard = () => {
  const { user } = useSession();
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources: menuNames });
  const sections = menu.filter(([name]) => canAccess?.[name] === true);
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Title title="Dashboard" />
      <Typography variant="h5" sx={{ fontWeight: 700 }}>{`Welcome, ${user?.first_name ?? ''}`}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {`Signed in as ${user?.email ?? ''}${user?.role?.role ? ` · ${user.role.role}` : ''}`}
      </Typography>
      <Grid container spacing={2}>
        {sections.map(([name, entry]) => {
          const Icon = menuIcon(entry.menu.icon);
          return (
            <Grid key={name} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card>
                <CardActionArea component={RouterLink} to={`/${name}`}>
                  <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                    <Icon color="secondary" fontSize="large" />
                    <Box>
                      <Typography sx={{ fontWeight: 600 }}>{entry.label.many}</Typography>
                      <Typography variant="body2" color="text.secondary">{`Manage ${entry.label.many.toLowerCase()}`}</Typography>
                    </Box>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          );
        })}
        {!isPending && sections.length === 0 && (
          <Grid size={12}>
            <Typography color="text.secondary">Your role opens no sections of the console yet. Ask an admin for access.</Typography>
          </Grid>
        )}
      </Grid>
    </Box>
  );
};
