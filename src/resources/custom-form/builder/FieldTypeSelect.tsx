/**
 * The field type picker. The add picker and the sub-field editor offer no field group (spec 2
 * §2): a group is made by changing an existing field's type, and groups do not nest.
 */
import { memo } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { OFFERED_FIELD_TYPES, type FieldType } from '@model/forms/field-definition';
import { useT } from '../../../i18n/use-t';
import { FIELD_TYPE_KEYS } from './field-type-labels';

interface FieldTypeSelectProps {
  value: FieldType;
  onChange: (type: FieldType) => void;
  /** No field group here. */
  noGroup?: boolean;
  /** Why the field group is not offered, shown on its entry. */
  noGroupReason?: string;
  label?: string;
  id?: string;
}

export const FieldTypeSelect = memo(function FieldTypeSelect({ value, onChange, noGroup, noGroupReason, label, id }: FieldTypeSelectProps) {
  const t = useT();
  // A stored field may carry a type the picker no longer offers: it stays listed while chosen.
  const types: readonly FieldType[] = (OFFERED_FIELD_TYPES as readonly FieldType[]).includes(value)
    ? OFFERED_FIELD_TYPES
    : [...OFFERED_FIELD_TYPES, value];
  return (
    <TextField
      select
      size="small"
      fullWidth
      id={id}
      label={label ?? t('schemas.form-field.fields.field_type')}
      value={value}
      onChange={(e) => onChange(e.target.value as FieldType)}
    >
      {types.map((type) => {
        const disabled = noGroup && type === 'field-group';
        return (
          <MenuItem key={type} value={type} disabled={disabled}>
            {Object.hasOwn(FIELD_TYPE_KEYS, type) ? t(FIELD_TYPE_KEYS[type]) : undefined}
            {disabled && noGroupReason ? ` (${noGroupReason})` : ''}
          </MenuItem>
        );
      })}
    </TextField>
  );
});
