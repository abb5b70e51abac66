/** Min and max of a field: characters for the text kinds, the value for a number; blank is no limit (spec 2 §5). */
import { memo } from 'react';
import { Box, TextField } from '@mui/material';
import type { FieldValidation } from '@model/forms/field-definition';
import { shownNumber, storedNumber } from './number-input';

interface LimitInputsProps {
  validation: FieldValidation;
  kind: 'length' | 'value';
  onChange: (validation: FieldValidation) => void;
}

export const LimitInputs = memo(function LimitInputs({ validation, kind, onChange }: LimitInputsProps) {
  const noun = kind === 'length' ? 'characters' : 'value';
  const min = validation.min as number | null | undefined;
  const max = validation.max as number | null | undefined;
  const crossed = typeof min === 'number' && typeof max === 'number' && min > max;
  return (
    <Box sx={{ display: 'flex', gap: 2 }}>
      <TextField
        size="small"
        type="number"
        label={`Min ${noun}`}
        value={shownNumber(validation.min)}
        onChange={(e) => onChange({ ...validation, min: storedNumber(e.target.value) })}
        helperText="Blank for no limit"
        slotProps={{ htmlInput: kind === 'length' ? { min: 0 } : {} }}
        fullWidth
      />
      <TextField
        size="small"
        type="number"
        label={`Max ${noun}`}
        value={shownNumber(validation.max)}
        onChange={(e) => onChange({ ...validation, max: storedNumber(e.target.value) })}
        error={crossed}
        helperText={crossed ? 'Max is below min' : 'Blank for no limit'}
        slotProps={{ htmlInput: kind === 'length' ? { min: 0 } : {} }}
        fullWidth
      />
    </Box>
  );
});
