/**
 * /support: the version, where the documentation is (the API docs of both servers, the README)
 * and the system's health (database size, jobs waiting and failed, disk free under DATA_DIR).
 * For roles with can_see_support.
 */
import { Alert, Box, Link, List, ListItem, Paper, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { serverUrl } from '../config/runtime-config';
import { NoPermission } from '../resources/generic/NoPermission';
import { useSession } from '../session/useSession';
import { settingsCalls, type SystemHealth } from './settings-calls';
import { SUPPORT_TEXT } from './settings-texts';

export const SUPPORT_FLAG = 'can_see_support';

/** 1536 → "1.5 KB": binary units, as disks and databases are measured. */
export function bytesText(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

const HealthTable = ({ health }: { health: SystemHealth }) => {
  const { database, jobs, disk } = health;
  const rows: Array<[string, string]> = [
    ['Version', health.version],
    ['Database size', bytesText(database.bytes)],
    ['Jobs waiting', String(jobs.waiting)],
    ['Jobs running', String(jobs.running)],
    ['Jobs failed', String(jobs.failed)],
    [`Disk free under ${disk.path}`, `${bytesText(disk.free_bytes)} of ${bytesText(disk.total_bytes)}`],
    ['Files kept in', health.files.where],
  ];
  return (
    <Table size="small" aria-label="System health">
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '50%', wordBreak: 'break-word' }}>
              {label}
            </TableCell>
            <TableCell>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

const Support = () => {
  const health = useQuery({ queryKey: ['support'], queryFn: settingsCalls.health });
  const links: Array<[string, string]> = [
    ['API documentation of the auth server', `${serverUrl('auth')}/docs`],
    ['API documentation of the api server', `${serverUrl('api')}/docs`],
    ['README: setup, configuration and how Fieldbase works', `${serverUrl('api')}/readme`],
  ];
  return (
    <Stack spacing={2.5} sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 900 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {SUPPORT_TEXT.title}
      </Typography>
      <Paper variant="outlined" component="section" aria-labelledby="support-docs" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="support-docs" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Documentation
        </Typography>
        <List dense>
          {links.map(([label, href]) => (
            <ListItem key={href} disableGutters>
              <Link href={href} target="_blank" rel="noopener" underline="always">
                {label}
              </Link>
            </ListItem>
          ))}
        </List>
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="support-health" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="support-health" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          System health
        </Typography>
        {health.data && <HealthTable health={health.data} />}
        {health.isError && <Alert severity="error">{(health.error as Error).message}</Alert>}
      </Paper>
    </Stack>
  );
};

const SupportPage = () => {
  const { user } = useSession();
  return (
    <Box>
      <Title title={SUPPORT_TEXT.title} />
      {user?.role?.permission?.[SUPPORT_FLAG] === true ? <Support /> : <NoPermission message={SUPPORT_TEXT.noPermission} />}
    </Box>
  );
};

export default SupportPage;
