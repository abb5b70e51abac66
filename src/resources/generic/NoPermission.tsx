/** What a page shows, instead of itself, to a role without the flag it needs. */
import { Box, Typography } from '@mui/material';

export const NoPermission = ({ message }: { message: string }) => (
  <Box sx={{ p: 4 }}>
    <Typography variant="h6" color="text.secondary">
      {message}
    </Typography>
  </Box>
);
