/**
 * The profile menu's languages, each named in itself (Français, العربية) so that anyone finds
 * their own whatever the screen shows now. The choice is kept on this device (react-admin's store).
 */
import { Divider, ListItemIcon, ListItemText, ListSubheader, MenuItem } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useLocaleState } from 'react-admin';
import { LOCALES } from '../i18n/locales';
import { useT } from '../i18n/use-t';

export const LanguageItems = ({ onChosen }: { onChosen: () => void }) => {
  const [locale, setLocale] = useLocaleState();
  const t = useT();
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
            setLocale(option.locale);
          }}
        >
          <ListItemIcon>{option.locale === locale && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{option.name}</ListItemText>
        </MenuItem>
      ))}
    </>
  );
};
