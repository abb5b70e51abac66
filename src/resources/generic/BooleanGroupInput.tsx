/**
 * An object of yes/no flags as one labelled group of checkboxes (e.g. the optional fields a
 * type asks for). The value stays an object of the flags, as the schema has it.
 */
import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { useInput, type Validator } from 'react-admin';
import type { Choice } from './property-kinds';

export interface BooleanGroupInputProps {
  source: string;
  label: string;
  choices: Choice[];
  validate?: Validator[];
  defaultValue?: Record<string, boolean>;
  /** Flags always on: not shown, but set in the value whenever it changes (fields a type always asks for). */
  alwaysOn?: string[];
  helperText?: string;
}

export const BooleanGroupInput = ({
  source,
  label,
  choices,
  validate,
  defaultValue,
  alwaysOn = [],
  helperText,
}: BooleanGroupInputProps) => {
  const forced = Object.fromEntries(alwaysOn.map((flag) => [flag, true]));
  const { field, fieldState, id } = useInput({ source, validate, defaultValue: { ...defaultValue, ...forced } });
  const value = (field.value ?? {}) as Record<string, boolean>;
  const set = (flag: string, on: boolean) => field.onChange({ ...value, [flag]: on, ...forced });
  return (
    <FormControl component="fieldset" error={fieldState.invalid} sx={{ mb: 2, width: '100%' }} className={`ra-input ra-input-${source}`}>
      <FormLabel component="legend" id={`${id}-label`} sx={{ mb: 0.5 }}>
        {label}
      </FormLabel>
      <FormGroup aria-labelledby={`${id}-label`} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {choices.map((choice) => (
          <FormControlLabel
            key={choice.id}
            label={choice.name}
            control={
              <Checkbox checked={value[choice.id] === true} onChange={(e) => set(choice.id, e.target.checked)} onBlur={field.onBlur} />
            }
          />
        ))}
      </FormGroup>
      {(fieldState.error?.message || helperText) && <FormHelperText>{fieldState.error?.message ?? helperText}</FormHelperText>}
    </FormControl>
  );
};
