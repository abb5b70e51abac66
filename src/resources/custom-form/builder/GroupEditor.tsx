/** A field group: whether it repeats, how many times (spec 2 §5: the repeater's min and max are numbers), and its sub-fields. */
import { Box, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import type { FormField } from '@model/forms/field-definition';
import { shownNumber, storedNumber } from './number-input';
import { SubFieldsEditor } from './SubFieldsEditor';
import { useT } from '../../../i18n/use-t';

export function GroupEditor({ field, onChange }: { field: FormField; onChange: (field: FormField) => void }) {
  const v = field.validation ?? {};
  const repeats = v.is_repeater === true;
  const min = storedNumber(shownNumber(v.min_repeater));
  const max = storedNumber(shownNumber(v.max_repeater));
  const crossed = repeats && min !== null && max !== null && min > max;
  const t = useT();
  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={<Switch checked={repeats} onChange={(e) => onChange({ ...field, validation: { ...v, is_repeater: e.target.checked } })} />}
        label={t('app.forms.builder.group.repeat')}
      />
      {repeats && (
        <Box sx={{ display: 'flex', gap: 2 }}>
          <TextField
            size="small"
            type="number"
            label={t('app.forms.builder.group.min')}
            value={shownNumber(v.min_repeater)}
            onChange={(e) => onChange({ ...field, validation: { ...v, min_repeater: storedNumber(e.target.value) ?? 0 } })}
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
            helperText=" "
            fullWidth
          />
          <TextField
            size="small"
            type="number"
            label={t('app.forms.builder.group.max')}
            value={shownNumber(v.max_repeater)}
            onChange={(e) => onChange({ ...field, validation: { ...v, max_repeater: storedNumber(e.target.value) } })}
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
            error={crossed}
            helperText={crossed ? t('app.forms.builder.limits.crossed') : t('app.forms.builder.limits.no_limit')}
            fullWidth
          />
        </Box>
      )}
      <SubFieldsEditor
        fields={field.extra_details?.fields ?? []}
        onChange={(fields) => onChange({ ...field, extra_details: { ...field.extra_details, fields } })}
      />
    </Stack>
  );
}
