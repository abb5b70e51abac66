/**
 * A choice field's options (spec 2 §3 extra_details): one per line, 'value: label' allowed,
 * with `selects` kept beside them; or a lookup list that replaces them.
 */
import { Stack, TextField } from '@mui/material';
import type { FormField } from '@model/forms/field-definition';
import { selectsFromOptionChoice } from '@model/forms/options';
import { useT } from '../../../i18n/use-t';
import { LookupListPicker } from './LookupListPicker';

export function ChoiceEditor({ field, onChange }: { field: FormField; onChange: (field: FormField) => void }) {
  const text = field.extra_details?.option_choice ?? '';
  const t = useT();
  return (
    <Stack spacing={2}>
      <LookupListPicker value={field.url} onChange={(url) => onChange({ ...field, url })} />
      {!field.url && (
        <TextField
          multiline
          minRows={3}
          maxRows={10}
          size="small"
          label={t('app.forms.builder.choices.options')}
          value={text}
          placeholder={t('app.forms.builder.choices.example')}
          helperText={t('app.forms.builder.choices.hint')}
          onChange={(e) =>
            onChange({
              ...field,
              extra_details: { ...field.extra_details, option_choice: e.target.value, selects: selectsFromOptionChoice(e.target.value) },
            })
          }
        />
      )}
    </Stack>
  );
}
