/** The organisation's logo: chosen, checked and re-encoded by the server, or removed. */
import { useState } from 'react';
import { Box, Button, Stack } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import { useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePicker } from '../shared/ImagePicker';
import { logoUrl, settingsCalls } from './settings-calls';
import type { MessageKey } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';
import { useRefreshOrganisation } from './use-organisation';

export const LogoCard = ({ logo }: { logo: string | null }) => {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const client = useQueryClient();
  const refreshOrganisation = useRefreshOrganisation();
  const stored = logoUrl(logo);

  const run = async (work: () => ReturnType<typeof settingsCalls.removeLogo>, done: MessageKey) => {
    setBusy(true);
    try {
      client.setQueryData(['settings', 'all'], await work());
      setFile(null);
      await refreshOrganisation();
      notify(done, { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1}>
      <ImagePicker
        noun={t('schemas.settings.fields.logo')}
        hasStored={Boolean(stored)}
        labels={{ choose: t('app.people.settings.choose_logo'), change: t('app.people.settings.change_logo') }}
        icon={<ImageIcon />}
        file={file}
        onChange={setFile}
        preview={(chosenUrl) => {
          const src = chosenUrl ?? stored;
          return (
            <Box
              sx={{
                width: 96,
                height: 96,
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                display: 'grid',
                placeItems: 'center',
                flexShrink: 0,
              }}
            >
              {src ? (
                <Box
                  component="img"
                  src={src}
                  alt={t(chosenUrl ? 'app.people.settings.chosen_logo' : 'app.people.settings.current_logo')}
                  sx={{ maxWidth: 88, maxHeight: 88 }}
                />
              ) : (
                <ImageIcon color="disabled" aria-label={t('app.people.settings.no_logo')} />
              )}
            </Box>
          );
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          disabled={!file || busy}
          onClick={() => file && run(() => settingsCalls.setLogo(file), 'app.people.settings.logo_saved')}
        >
          {t('app.people.settings.save_logo')}
        </Button>
        {stored && (
          <Button
            color="error"
            variant="outlined"
            disabled={busy}
            onClick={() => run(settingsCalls.removeLogo, 'app.people.settings.logo_removed')}
          >
            {t('app.people.settings.remove_logo')}
          </Button>
        )}
      </Box>
    </Stack>
  );
};
