/** A table's one row when it has none: 'No Goal Found'. */
import { TableCell, TableRow, Typography } from '@mui/material';

export const EmptyRow = ({ columns, text }: { columns: number; text: string }) => (
  <TableRow>
    <TableCell colSpan={columns} sx={{ borderBottom: 'none' }}>
      <Typography sx={{ p: 2, textAlign: 'center' }} color="text.secondary">
        {text}
      </Typography>
    </TableCell>
  </TableRow>
);
