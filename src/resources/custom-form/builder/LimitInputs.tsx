/** Min and max of a field: characters for the text kinds, the value for a number; blank is no limit (spec 2 §5). */
import { memo } from 'react';
import { Box, TextField } from '@mui/material';
import type { FieldValidation } from '@model/forms/field-definition';
import { shownNumber, storedNumber } from './number-input';
import { useT } from '../../../i18n/use-t';

interface LimitInputsProps {
  validation: FieldValidation;
  kind: 'length' | 'value';
  onChange: (validation: FieldValidation) => void;
}

export const LimitInputs = memo(function LimitInputs({ validation, kind, onChange }: LimitInputsProps) {
  const t = useT();
  const min = validation.min as number | null | undefined;
  const max = validation.max as number | null | undefined;
  const crossed = typeof min === 'number' && typeof max === 'number' && min > max;
  return (
    <Box sx={{ display: 'flex', gap: 2 }}>
      <TextField
        size="small"
        type="number"
        label={kind === 'length' ? t('app.forms.builder.limits.min_characters') : t('app.forms.builder.limits.min_value')}
        value={shownNumber(validation.min)}
        onChange={(e) => onChange({ ...validation, min: storedNumber(e.target.value) })}
        helperText={t('app.forms.builder.limits.no_limit')}
        slotProps={{ htmlInput: kind === 'length' ? { min: 0 } : {} }}
        fullWidth
      />
      <TextField
        size="small"
        type="number"
        label={kind === 'length' ? t('app.forms.builder.limits.max_characters') : t('app.forms.builder.limits.max_value')}
        value={shownNumber(validation.max)}
        onChange={(e) => onChange({ ...validation, max: storedNumber(e.target.value) })}
        error={crossed}
        helperText={crossed ? t('app.forms.builder.limits.crossed') : t('app.forms.builder.limits.no_limit')}
        slotProps={{ htmlInput: kind === 'length' ? { min: 0 } : {} }}
        fullWidth
      />
    </Box>
  );
});
