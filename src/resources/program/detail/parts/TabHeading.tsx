/** A tab's heading with its main action at the right (wrapping under it on a phone). */
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export const TabHeading = ({ title, action }: { title: string; action?: ReactNode }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
    <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
      {title}
    </Typography>
    {action}
  </Box>
);
