/** An answer no display knows: shown as it was stored, as JSON. */
import { Box } from '@mui/material';

export function JsonValue({ value }: { value: unknown }) {
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        fontFamily: 'monospace',
        fontSize: 13,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        bgcolor: 'action.hover',
        p: 1,
        borderRadius: 1,
      }}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}
