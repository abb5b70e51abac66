/**
 * Adds a field: a type and a label; the name is derived from the label. The field group is not
 * offered here (spec 2 §2): a field becomes a group by changing its type.
 */
import { memo, useState, type FormEvent } from 'react';
import { Box, Button, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { FieldType, FormField } from '@model/forms/field-definition';
import { fieldNameFromLabel } from '@model/forms/field-name';
import { FieldTypeSelect } from './FieldTypeSelect';
import { fieldOfType } from './new-field';
import { isBlankText, trimText } from '@model/trim-text';
import { useT } from '../../../i18n/use-t';

interface AddFieldFormProps {
  onAdd: (field: FormField) => void;
  /** In a group: it adds a sub-field (and says so), not a field of the form. */
  sub?: boolean;
  noGroupReason: string;
}

const WORDS = {
  field: {
    form: 'app.forms.builder.add_field.form',
    type: 'app.forms.builder.add_field.type',
    label: 'app.forms.builder.add_field.label',
    button: 'app.forms.builder.add_field.button',
  },
  sub: {
    form: 'app.forms.builder.add_sub_field.form',
    type: 'app.forms.builder.add_sub_field.type',
    label: 'app.forms.builder.add_sub_field.label',
    button: 'app.forms.builder.add_sub_field.button',
  },
} as const;

// Memoised: the builder page renders on every keystroke in a field, and this form has not changed.
export const AddFieldForm = memo(function AddFieldForm({ onAdd, sub, noGroupReason }: AddFieldFormProps) {
  const t = useT();
  const words = sub ? WORDS.sub : WORDS.field;
  const [type, setType] = useState<FieldType>('text');
  const [label, setLabel] = useState('');
  const [tried, setTried] = useState(false);
  const blank = isBlankText(label);

  const add = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation(); // a sub-field's form sits inside the page's
    setTried(true);
    if (blank) return;
    onAdd(fieldOfType(type, trimText(label), fieldNameFromLabel(label)));
    setLabel('');
    setTried(false);
  };

  return (
    <Box
      component="form"
      onSubmit={add}
      aria-label={t(words.form)}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '200px 1fr auto' }, alignItems: 'start' }}
    >
      <FieldTypeSelect label={t(words.type)} value={type} onChange={setType} noGroup noGroupReason={noGroupReason} />
      <TextField
        size="small"
        label={t(words.label)}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={tried && blank}
        helperText={tried && blank ? t('schemas.form-field.messages.field_label.required') : ' '}
      />
      <Button type="submit" variant="outlined" startIcon={<AddIcon />} sx={{ height: 48, whiteSpace: 'nowrap' }}>
        {t(words.button)}
      </Button>
    </Box>
  );
});
