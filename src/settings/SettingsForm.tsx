/** The organisation's name, default language, time zone and map tiles URL: saved together, refused field by field. */
import { useState, type FormEvent } from 'react';
import { Autocomplete, Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { Settings } from '@model/generated';
import { schemaById } from '@model/schema-registry';
import { TIME_ZONES } from '@model/time-zones';
import { errorFields } from '../providers/http-client';
import { settingsCalls, type SettingsChange } from './settings-calls';
import { useT } from '../i18n/use-t';
import { useRefreshOrganisation } from './use-organisation';

const LANGUAGES = (schemaById('settings').properties.default_language!.oneOf ?? []) as Array<{ const: string; title: string }>;

/** What the map tiles box shows while empty: an address, not words. */
const TILES_EXAMPLE = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

type Draft = { organisation_name: string; default_language: string; time_zone: string; map_tiles_url: string };

const draftOf = (s: Settings): Draft => ({
  organisation_name: s.organisation_name,
  default_language: s.default_language,
  time_zone: s.time_zone,
  map_tiles_url: s.map_tiles_url ?? '',
});

/** Only what changed; an empty map tiles URL is none of our own (the server's MAP_TILES_URL decides). */
function changeOf(draft: Draft, saved: Draft): SettingsChange {
  const change: SettingsChange = {};
  if (draft.organisation_name !== saved.organisation_name) change.organisation_name = draft.organisation_name;
  if (draft.default_language !== saved.default_language) change.default_language = draft.default_language as Settings['default_language'];
  if (draft.time_zone !== saved.time_zone) change.time_zone = draft.time_zone;
  if (draft.map_tiles_url.trim() !== saved.map_tiles_url) change.map_tiles_url = draft.map_tiles_url.trim() || null;
  return change;
}

export const SettingsForm = ({ settings }: { settings: Settings }) => {
  const t = useT();
  const saved = draftOf(settings);
  const [draft, setDraft] = useState<Draft>(saved);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const client = useQueryClient();
  const refreshOrganisation = useRefreshOrganisation();
  // A field's refusal stands until the field is changed.
  const set = (field: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const change = changeOf(draft, saved);
  const unchanged = Object.keys(change).length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await settingsCalls.update(change);
      client.setQueryData(['settings', 'all'], answer);
      setDraft(draftOf(answer));
      setErrors({});
      await refreshOrganisation();
      notify('app.people.settings.saved', { type: 'success' });
    } catch (error) {
      setErrors(errorFields(error));
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2.5}>
        <TextField
          label={t('schemas.settings.fields.organisation_name')}
          name="organisation_name"
          required
          value={draft.organisation_name}
          onChange={(e) => set('organisation_name')(e.target.value)}
          error={Boolean(errors.organisation_name)}
          helperText={errors.organisation_name ?? t('app.people.settings.name_help')}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <TextField
          select
          label={t('schemas.settings.fields.default_language')}
          name="default_language"
          value={draft.default_language}
          onChange={(e) => set('default_language')(e.target.value)}
          error={Boolean(errors.default_language)}
          helperText={errors.default_language}
        >
          {LANGUAGES.map((l) => (
            <MenuItem key={l.const} value={l.const}>
              {t(`schemas.settings.choices.default_language.${l.const}`, { _: l.title })}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          options={TIME_ZONES as string[]}
          value={draft.time_zone}
          disableClearable
          onChange={(_e, value) => set('time_zone')(value)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('schemas.settings.fields.time_zone')}
              name="time_zone"
              error={Boolean(errors.time_zone)}
              helperText={errors.time_zone}
            />
          )}
        />
        <TextField
          label={t('schemas.settings.fields.map_tiles_url')}
          name="map_tiles_url"
          placeholder={TILES_EXAMPLE}
          value={draft.map_tiles_url}
          onChange={(e) => set('map_tiles_url')(e.target.value)}
          error={Boolean(errors.map_tiles_url)}
          helperText={errors.map_tiles_url ?? t('app.people.settings.map_tiles_help')}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy || unchanged}>
            {t('ra.action.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
};
