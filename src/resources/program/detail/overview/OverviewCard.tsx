/** One card of the Overview: a title, an optional action at its right, its content. */
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';

export const OverviewCard = ({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) => (
  <Card variant="outlined" component="section" aria-label={title}>
    <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5, minHeight: 32 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </CardContent>
  </Card>
);
