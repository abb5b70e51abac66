/** A heading or separator in the preview: text or a rule between fields, asking nothing. */
import { Box, Divider, Typography } from '@mui/material';
import type { FormField } from '@model/forms/field-definition';

export function DisplayOnlyField({ field }: { field: FormField }) {
  if (field.field_type === 'separator') return <Divider sx={{ my: 1 }} />;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="h6" component="h3">
        {field.field_label}
      </Typography>
      {field.help_text?.trim() && (
        <Typography variant="body2" color="text.secondary">
          {field.help_text}
        </Typography>
      )}
    </Box>
  );
}
