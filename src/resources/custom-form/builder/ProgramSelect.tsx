/**
 * The builder's program multi-select (spec 2 §2): the programs a form is linked to (its
 * `program_ids`). A program's type records can pick the form once it is published and lists the
 * program (GET /form/program/{id}). Programs are searched by name on the server as typed.
 */
import { memo, useMemo, useState } from 'react';
import { Autocomplete, Chip, TextField } from '@mui/material';
import { useGetList, useGetMany, type RaRecord } from 'react-admin';
import { useDebouncedValue } from '../../../forms/widgets/use-debounced-value';
import { useSession } from '../../../session/useSession';
import { useT } from '../../../i18n/use-t';

interface ProgramSelectProps {
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}

const nameOf = (program: RaRecord | undefined, id: string) => String(program?.name ?? id);

// Memoised: the builder renders on every keystroke, the programs only when they change.
export const ProgramSelect = memo(function ProgramSelect({ value, onChange, disabled }: ProgramSelectProps) {
  // Programs are read under their own flag; without it the links stay as they are, and the field says why.
  const mayRead = useSession().user?.role?.permission?.can_get_program === true;
  const [typed, setTyped] = useState('');
  const t = useT();
  const q = useDebouncedValue(typed.trim(), 200);
  const found = useGetList(
    'program',
    { pagination: { page: 1, perPage: 25 }, sort: { field: 'name', order: 'ASC' }, filter: q ? { q } : {} },
    { enabled: mayRead },
  );
  const chosen = useGetMany('program', { ids: value }, { enabled: mayRead && value.length > 0 });
  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const p of [...(chosen.data ?? []), ...(found.data ?? [])]) if (p) map.set(String(p.id), nameOf(p, String(p.id)));
    return map;
  }, [chosen.data, found.data]);
  const options = useMemo(() => [...new Set([...value, ...(found.data ?? []).map((p) => String(p.id))])], [value, found.data]);
  return (
    <Autocomplete
      multiple
      disabled={disabled || !mayRead}
      options={options}
      value={value}
      onChange={(_, ids) => onChange(ids)}
      inputValue={typed}
      onInputChange={(_, text, reason) => reason !== 'reset' && setTyped(text)}
      filterOptions={(ids) => ids}
      getOptionLabel={(id) => names.get(id) ?? (chosen.isPending ? '…' : id)}
      loading={found.isPending}
      noOptionsText={q ? t('app.forms.builder.programs.none_with', { text: q }) : t('app.forms.builder.programs.none')}
      renderValue={(ids, getItemProps) =>
        ids.map((id, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={names.get(id) ?? '…'} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('resources.custom-form.fields.program_ids')}
          helperText={mayRead ? t('app.forms.builder.programs.hint') : t('app.forms.builder.programs.no_access')}
        />
      )}
    />
  );
});
