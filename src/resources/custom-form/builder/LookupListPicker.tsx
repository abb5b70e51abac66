/**
 * The view list a choice field takes its values from (the field's `url` is the list's id):
 * picked by name from GET /listview, searched on the server as the name is typed.
 */
import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useGetList, useGetOne, type RaRecord } from 'react-admin';
import { useT } from '../../../i18n/use-t';

type ViewList = RaRecord & { name: string };

interface LookupListPickerProps {
  value: string | null | undefined;
  onChange: (id: string | null) => void;
}

export function LookupListPicker({ value, onChange }: LookupListPickerProps) {
  const [search, setSearch] = useState('');
  const t = useT();
  const { data: lists = [], isPending } = useGetList<ViewList>('listview', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'name', order: 'ASC' },
    filter: search ? { q: search } : {},
  });
  const { data: chosen } = useGetOne<ViewList>('listview', { id: value ?? '' }, { enabled: Boolean(value) });
  const current = value ? (lists.find((l) => l.id === value) ?? chosen ?? ({ id: value, name: value } as ViewList)) : null;
  return (
    <Autocomplete
      size="small"
      options={lists}
      value={current}
      loading={isPending}
      filterOptions={(options) => options}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onChange={(_, picked) => onChange(picked ? String(picked.id) : null)}
      onInputChange={(_, text, reason) => setSearch(reason === 'input' ? text : '')}
      noOptionsText={t('app.forms.builder.lookup.none')}
      renderInput={(params) => (
        <TextField {...params} label={t('app.forms.builder.lookup.label')} helperText={t('app.forms.builder.lookup.hint')} />
      )}
    />
  );
}
