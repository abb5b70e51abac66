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
import type { MessageKey } from '../i18n/catalogue';
import { useT, type Translate } from '../i18n/use-t';

export const SUPPORT_FLAG = 'can_see_support';

const UNITS: MessageKey[] = [
  'app.people.support.bytes',
  'app.people.support.kb',
  'app.people.support.mb',
  'app.people.support.gb',
  'app.people.support.tb',
];

/** 1536 → "1.5 KB": binary units, as disks and databases are measured. */
export function bytesText(bytes: number, t: Translate): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return t(UNITS[unit]!, { value: unit === 0 ? String(bytes) : value.toFixed(1) });
}

const HealthTable = ({ health }: { health: SystemHealth }) => {
  const t = useT();
  const { database, jobs, disk } = health;
  const rows: Array<[string, string]> = [
    [t('app.people.support.version'), health.version],
    [t('app.people.support.database_size'), bytesText(database.bytes, t)],
    [t('app.people.support.jobs_waiting'), String(jobs.waiting)],
    [t('app.people.support.jobs_running'), String(jobs.running)],
    [t('app.people.support.jobs_failed'), String(jobs.failed)],
    [
      t('app.people.support.disk_free', { path: disk.path }),
      t('app.people.support.disk_free_value', { free: bytesText(disk.free_bytes, t), total: bytesText(disk.total_bytes, t) }),
    ],
    [t('app.people.support.files_kept'), health.files.where],
  ];
  return (
    <Table size="small" aria-label={t('app.people.support.health')}>
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
  const t = useT();
  const health = useQuery({ queryKey: ['support'], queryFn: settingsCalls.health });
  const links: Array<[string, string]> = [
    [t('app.people.support.docs_auth'), `${serverUrl('auth')}/docs`],
    [t('app.people.support.docs_api'), `${serverUrl('api')}/docs`],
    [t('app.people.support.readme'), `${serverUrl('api')}/readme`],
  ];
  return (
    <Stack spacing={2.5} sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 900 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('app.people.support.title')}
      </Typography>
      <Paper variant="outlined" component="section" aria-labelledby="support-docs" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="support-docs" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('app.people.support.documentation')}
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
          {t('app.people.support.health')}
        </Typography>
        {health.data && <HealthTable health={health.data} />}
        {health.isError && <Alert severity="error">{(health.error as Error).message}</Alert>}
      </Paper>
    </Stack>
  );
};

const SupportPage = () => {
  const t = useT();
  const { user } = useSession();
  return (
    <Box>
      <Title title={t('app.people.support.title')} />
      {user?.role?.permission?.[SUPPORT_FLAG] === true ? <Support /> : <NoPermission message={t('app.people.support.denied')} />}
    </Box>
  );
};

export default SupportPage;
