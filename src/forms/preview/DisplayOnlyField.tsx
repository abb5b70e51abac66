/** A heading or separator in the preview: text or a rule between fields, asking nothing. */
import { Divider, Typography } from '@mui/material';
import type { FormField } from '@model/forms/field-definition';

export function DisplayOnlyField({ field }: { field: FormField }) {
  if (field.field_type === 'separator') return <Divider sx={{ my: 1 }} />;
  return (
    <Typography variant="h6" component="h3" sx={{ mt: 1 }}>
      {field.field_label}
    </Typography>
  );
}
