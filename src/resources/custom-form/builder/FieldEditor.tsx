/**
 * Everything about one field, shown in its open row (and for a sub-field inside its group):
 * label and the name derived from it, type, required, limits, choices, file types, the group's
 * sub-fields, and conditional logic.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';
import { Box, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import type { FieldType, FieldValidation, FormField } from '@model/forms/field-definition';
import { NO_PLACEHOLDER_TYPES, UNVALIDATED_TYPES } from '@model/forms/type-defaults';
import { DISPLAY_ONLY_TYPES } from '@model/forms/field-schema';
import { CHOICE_TYPES, FILE_TYPES, LENGTH_TYPES } from './new-field';
import { FieldTypeSelect } from './FieldTypeSelect';
import { LimitInputs } from './LimitInputs';
import { ChoiceEditor } from './ChoiceEditor';
import { FileTypesInput } from './FileTypesInput';
import { GroupEditor } from './GroupEditor';
import { ConditionEditor } from './ConditionEditor';
import { FieldTranslations } from './FieldTranslations';
import type { RuleTarget } from './rule-targets';
import { isBlankText } from '@model/trim-text';
import { useT } from '../../../i18n/use-t';

const NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

export interface FieldEditorProps {
  field: FormField;
  /** The fields its rules may refer to (its own entry among them, disabled). */
  targets: RuleTarget[];
  /** A sub-field: no field group in its type picker. */
  nested?: boolean;
  onChange: (field: FormField) => void;
  onLabel: (label: string) => void;
  onName: (name: string) => void;
  onType: (type: FieldType) => void;
}

const NO_PLACEHOLDER: ReadonlySet<FieldType> = new Set([
  ...NO_PLACEHOLDER_TYPES,
  ...DISPLAY_ONLY_TYPES,
  ...FILE_TYPES,
  'boolean',
  'checkbox',
  'radio',
  'signature',
  'field-group',
  'bracket-replace',
]);

const NO_VALIDATION: FieldValidation = {};

export function FieldEditor({ field, targets, nested, onChange, onLabel, onName, onType }: FieldEditorProps) {
  const type = field.field_type;
  const validation = field.validation ?? NO_VALIDATION;
  // Stable across keystrokes (it reads the field as it is now), so the memoised limits and rules stay put.
  const current = useRef(field);
  useLayoutEffect(() => {
    current.current = field;
  });
  const setValidation = useCallback((next: FieldValidation) => onChange({ ...current.current, validation: next }), [onChange]);
  const nameWrong = field.field_name !== '' && !NAME_PATTERN.test(field.field_name);
  const t = useT();
  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          size="small"
          label={t('schemas.form-field.fields.field_label')}
          required
          value={field.field_label}
          onChange={(e) => onLabel(e.target.value)}
          error={isBlankText(field.field_label)}
          helperText={isBlankText(field.field_label) ? t('schemas.form-field.messages.field_label.required') : ' '}
        />
        <TextField
          size="small"
          label={t('schemas.form-field.fields.field_name')}
          value={field.field_name}
          onChange={(e) => onName(e.target.value)}
          error={nameWrong}
          helperText={t('app.forms.builder.field.name_hint')}
        />
        <FieldTypeSelect
          value={type}
          onChange={onType}
          noGroup={nested}
          noGroupReason={nested ? t('app.forms.builder.field.groups_do_not_nest') : undefined}
        />
        {!NO_PLACEHOLDER.has(type) && (
          <TextField
            size="small"
            label={t('app.forms.builder.field.placeholder')}
            value={field.placeholder ?? ''}
            onChange={(e) => onChange({ ...field, placeholder: e.target.value })}
          />
        )}
        {type !== 'separator' && (
          <TextField
            size="small"
            label={t('schemas.form-field.fields.help_text')}
            value={field.help_text ?? ''}
            onChange={(e) => onChange({ ...field, help_text: e.target.value })}
            sx={{ gridColumn: '1 / -1' }}
            multiline
            maxRows={4}
          />
        )}
      </Box>
      {!UNVALIDATED_TYPES.has(type) && (
        <FormControlLabel
          control={
            <Switch checked={validation.required === true} onChange={(e) => setValidation({ ...validation, required: e.target.checked })} />
          }
          label={t('app.forms.builder.field.required')}
        />
      )}
      {LENGTH_TYPES.has(type) && <LimitInputs kind="length" validation={validation} onChange={setValidation} />}
      {type === 'number' && <LimitInputs kind="value" validation={validation} onChange={setValidation} />}
      {CHOICE_TYPES.has(type) && <ChoiceEditor field={field} onChange={onChange} />}
      {FILE_TYPES.has(type) && (
        <FileTypesInput types={validation.types ?? []} onChange={(types) => setValidation({ ...validation, types })} />
      )}
      {type === 'field-group' && <GroupEditor field={field} onChange={onChange} />}
      {!UNVALIDATED_TYPES.has(type) && (
        <ConditionEditor validation={validation} ownName={field.field_name} targets={targets} onChange={setValidation} />
      )}
      {type !== 'separator' && (
        <FieldTranslations
          field={field}
          placeholder={!NO_PLACEHOLDER.has(type)}
          options={CHOICE_TYPES.has(type) && !field.url}
          onChange={onChange}
        />
      )}
    </Stack>
  );
}
