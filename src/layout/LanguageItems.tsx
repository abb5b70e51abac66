/**
 * The profile menu's languages, each named in itself (Français, العربية) so that anyone finds
 * their own whatever the screen shows now. The choice is kept on this device (react-admin's store)
 * and on the user's record, so that their next sign-in anywhere opens in it (UserLanguage).
 */
import { Divider, ListItemIcon, ListItemText, ListSubheader, MenuItem } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useDataProvider, useLocaleState, useNotify } from 'react-admin';
import { storeUser } from '../session/session-store';
import { useSession } from '../session/useSession';
import { LOCALES } from '../i18n/locales';
import { useT } from '../i18n/use-t';

export const LanguageItems = ({ onChosen }: { onChosen: () => void }) => {
  const [locale, setLocale] = useLocaleState();
  const t = useT();
  const { user } = useSession();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const choose = (language: string) => {
    setLocale(language);
    if (!user || user.language === language) return;
    // Kept with the stored session at once: a reload before the server answers must not bring the old one back.
    storeUser({ ...user, language: language as typeof user.language });
    dataProvider
      .update('user', { id: user._id, data: { language }, previousData: { id: user._id, language: user.language } })
      .catch(() => notify('app.shell.profile.language_not_saved', { type: 'warning' }));
  };
  return (
    <>
      <Divider />
      <ListSubheader sx={{ lineHeight: '32px' }}>{t('app.shell.profile.language')}</ListSubheader>
      {LOCALES.map((option) => (
        <MenuItem
          key={option.locale}
          lang={option.locale}
          dir={option.dir}
          selected={option.locale === locale}
          onClick={() => {
            onChosen();
            choose(option.locale);
          }}
        >
          <ListItemIcon>{option.locale === locale && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{option.name}</ListItemText>
        </MenuItem>
      ))}
    </>
  );
};
