/**
 * 'Duplicate fields from another form' (spec 2 §2): search a form by name, tick the fields to
 * take, and copy them in after this form's fields (duplicate-fields.ts gives a clashing name the
 * next free `_2`, `_3`…, in builder-state.ts). The copy is one step of the builder's undo.
 */
import { memo, useState } from 'react';
import { Autocomplete, Box, Button, Checkbox, FormControlLabel, FormGroup, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useGetList, useGetOne, useNotify, type RaRecord } from 'react-admin';
import type { FormField } from '@model/forms/field-definition';
import { useDebouncedValue } from '../../../forms/widgets/use-debounced-value';
import { useT } from '../../../i18n/use-t';
import { fieldTypeLabel } from './field-type-labels';

interface DuplicateFieldsProps {
  /** Takes the ticked fields as they are; the builder renames any that clash (see builder-state.ts). */
  onCopy: (fields: FormField[]) => void;
}

// Memoised: it needs nothing of the form being built, so an edit there leaves it alone.
export const DuplicateFields = memo(function DuplicateFields({ onCopy }: DuplicateFieldsProps) {
  const notify = useNotify();
  const t = useT();
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed.trim(), 200);
  const [source, setSource] = useState<RaRecord | null>(null);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const found = useGetList('custom-form', {
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'name', order: 'ASC' },
    filter: q ? { q } : {},
  });
  const form = useGetOne('custom-form', { id: source?.id ?? '' }, { enabled: source !== null });
  const fields: FormField[] = source && Array.isArray(form.data?.structures) ? (form.data.structures as FormField[]) : [];

  const toggle = (i: number) =>
    setTicked((now) => {
      const next = new Set(now);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  const copy = () => {
    const picked = fields.filter((_, i) => ticked.has(i));
    onCopy(picked);
    notify('app.forms.builder.duplicate.copied', {
      type: 'success',
      messageArgs: { smart_count: picked.length, name: String(source?.name) },
    });
    setTicked(new Set());
  };

  return (
    <Stack
      component="section"
      aria-label={t('app.forms.builder.duplicate.title')}
      spacing={1.5}
      sx={{ pt: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <Autocomplete
        options={found.data ?? []}
        value={source}
        onChange={(_, form) => {
          setSource(form);
          setTicked(new Set());
        }}
        inputValue={typed}
        onInputChange={(_, text) => setTyped(text)}
        filterOptions={(options) => options}
        getOptionLabel={(form) => String(form.name ?? '')}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        loading={found.isPending}
        noOptionsText={t('app.forms.builder.duplicate.none')}
        renderInput={(params) => <TextField {...params} size="small" label={t('app.forms.builder.duplicate.title')} />}
      />
      {source && form.isPending && <Typography variant="body2">{t('app.forms.builder.duplicate.loading')}</Typography>}
      {source && !form.isPending && (
        <Box>
          {fields.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('app.forms.builder.duplicate.no_fields')}
            </Typography>
          ) : (
            <FormGroup aria-label={t('app.forms.builder.duplicate.fields_of', { name: String(source.name) })}>
              {fields.map((field, i) => (
                <FormControlLabel
                  key={`${field.field_name}-${i}`}
                  control={<Checkbox size="small" checked={ticked.has(i)} onChange={() => toggle(i)} />}
                  label={`${field.field_label || field.field_name} (${fieldTypeLabel(field.field_type, t)})`}
                />
              ))}
            </FormGroup>
          )}
          <Button variant="outlined" startIcon={<ContentCopyIcon />} disabled={ticked.size === 0} onClick={copy} sx={{ mt: 1 }}>
            {ticked.size === 0
              ? t('app.forms.builder.duplicate.copy')
              : t('app.forms.builder.duplicate.copy_count', { smart_count: ticked.size })}
          </Button>
        </Box>
      )}
    </Stack>
  );
});
