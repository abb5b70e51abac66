/**
 * The Audit log's "Who" filter: a person picked by name or e-mail from the users the reader may
 * list (searched on the server as they type). Someone since deleted is found with the Search box,
 * which reads the e-mail each change kept.
 */
import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useGetList, type RaRecord } from 'react-admin';
import { useDebouncedValue } from '../forms/widgets/use-debounced-value';
import { useT } from '../i18n/use-t';

const personText = (user: RaRecord) =>
  `${String(user.first_name ?? '')} ${String(user.last_name ?? '')}`.trim() + ` (${String(user.email)})`;

export function ActorFilter({ value, onChange }: { value?: string; onChange: (userId: string | undefined) => void }) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed.trim(), 300);
  const users = useGetList('user', {
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'first_name', order: 'ASC' },
    filter: q ? { q } : {},
  });
  const [picked, setPicked] = useState<RaRecord | null>(null);
  const options = users.data ?? [];
  return (
    <Autocomplete
      size="small"
      options={picked && !options.some((u) => u.id === picked.id) ? [picked, ...options] : options}
      value={value ? picked : null}
      onChange={(_, user) => {
        setPicked(user);
        onChange(user ? String(user.id) : undefined);
      }}
      onInputChange={(_, text, reason) => reason === 'input' && setTyped(text)}
      getOptionLabel={personText}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(found) => found}
      loading={users.isPending}
      noOptionsText={t('app.audit.filters.nobody_found')}
      // The label kept up, so 'Anyone' shows as the other filters show 'Anything'; the combobox's own slot props kept.
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('app.audit.filters.who')}
          placeholder={t('app.audit.filters.anyone')}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}
