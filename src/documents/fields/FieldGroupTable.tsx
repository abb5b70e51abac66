/** A field-group answer as a table: one row per item, one column per sub-field. */
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { FormField } from '@model/forms/field-definition';
import { DISPLAY_ONLY_TYPES } from '@model/forms/field-schema';
import { inFormOrder } from '@model/forms/compile-form';
import { DocumentValue } from './DocumentValue';

export function FieldGroupTable({ field, items }: { field: FormField; items: unknown[] }) {
  const columns = inFormOrder(field.extra_details?.fields ?? []).filter((f) => !DISPLAY_ONLY_TYPES.has(f.field_type));
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflowX: 'auto' }}>
      <Table size="small" aria-label={field.field_label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.field_name} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {column.field_label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item, index) => {
            const answers = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
            return (
              <TableRow key={index}>
                {columns.map((column) => (
                  <TableCell key={column.field_name} sx={{ verticalAlign: 'top' }}>
                    <DocumentValue field={column} value={answers[column.field_name]} compact />
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
