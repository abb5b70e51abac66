/** A heading or separator in the preview: text or a rule between fields, asking nothing. */
import { Divider, Typography } from '@mui/material';
import type { FieldProps } from '@rjsf/utils';

export function DisplayOnlyField({ schema, uiSchema }: FieldProps) {
  const type = (uiSchema?.['ui:options'] as { field_type?: string } | undefined)?.field_type;
  if (type === 'separator') return <Divider sx={{ my: 1 }} />;
  return (
    <Typography variant="h6" component="h3" sx={{ mt: 1 }}>
      {schema.title}
    </Typography>
  );
}
