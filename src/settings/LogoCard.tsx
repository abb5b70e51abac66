/** The organisation's logo: chosen, checked and re-encoded by the server, or removed. */
import { useState } from 'react';
import { Box, Button, Stack } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import { useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePicker } from '../shared/ImagePicker';
import { logoUrl, settingsCalls } from './settings-calls';
import { SETTINGS_TEXT } from './settings-texts';
import { useRefreshOrganisation } from './use-organisation';

export const LogoCard = ({ logo }: { logo: string | null }) => {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const client = useQueryClient();
  const refreshOrganisation = useRefreshOrganisation();
  const stored = logoUrl(logo);

  const run = async (work: () => ReturnType<typeof settingsCalls.removeLogo>, done: string) => {
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
        noun="Logo"
        hasStored={Boolean(stored)}
        labels={{ choose: 'Choose logo', change: 'Change logo' }}
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
                <Box component="img" src={src} alt={chosenUrl ? 'Chosen logo' : 'Current logo'} sx={{ maxWidth: 88, maxHeight: 88 }} />
              ) : (
                <ImageIcon color="disabled" aria-label="No logo" />
              )}
            </Box>
          );
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          disabled={!file || busy}
          onClick={() => file && run(() => settingsCalls.setLogo(file), SETTINGS_TEXT.logoSaved)}
        >
          Save logo
        </Button>
        {stored && (
          <Button color="error" variant="outlined" disabled={busy} onClick={() => run(settingsCalls.removeLogo, SETTINGS_TEXT.logoRemoved)}>
            Remove logo
          </Button>
        )}
      </Box>
    </Stack>
  );
};
