/**
 * /settings: what an organisation sets once — its name and logo (shown in the header and on the
 * login page), default language, time zone, map tiles — and a test e-mail through the servers'
 * mailer. For roles with can_manage_settings (the server refuses the others anyway).
 */
import { Box, Paper, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { NoPermission } from '../resources/generic/NoPermission';
import { useSession } from '../session/useSession';
import { useQuery } from '@tanstack/react-query';
import { settingsCalls } from './settings-calls';
import { useT } from '../i18n/use-t';
import { SettingsForm } from './SettingsForm';
import { LogoCard } from './LogoCard';
import { TestMailCard } from './TestMailCard';

export const SETTINGS_FLAG = 'can_manage_settings';
export const SETTINGS_KEY = ['settings', 'all'];

const Section = ({ heading, children }: { heading: string; children: React.ReactNode }) => (
  <Paper variant="outlined" component="section" aria-label={heading} sx={{ p: { xs: 2, sm: 3 } }}>
    <Typography variant="h6" component="h2" sx={{ mb: 2, fontWeight: 700 }}>
      {heading}
    </Typography>
    {children}
  </Paper>
);

const SettingsSections = () => {
  const t = useT();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: settingsCalls.read });
  if (!settings.data) return settings.isError ? <NoPermission message={(settings.error as Error).message} /> : null;
  return (
    <Stack spacing={2.5} sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 900 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('app.people.settings.title')}
      </Typography>
      <Section heading={t('app.people.settings.organisation')}>
        <SettingsForm settings={settings.data} />
      </Section>
      <Section heading={t('app.people.settings.logo')}>
        <LogoCard logo={settings.data.logo ?? null} />
      </Section>
      <Section heading={t('app.people.settings.email')}>
        <TestMailCard />
      </Section>
    </Stack>
  );
};

const SettingsPage = () => {
  const t = useT();
  const { user } = useSession();
  return (
    <Box>
      <Title title={t('app.people.settings.title')} />
      {user?.role?.permission?.[SETTINGS_FLAG] === true ? <SettingsSections /> : <NoPermission message={t('app.people.settings.denied')} />}
    </Box>
  );
};

export default SettingsPage;
