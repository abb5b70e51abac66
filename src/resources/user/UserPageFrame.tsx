/** The card the add, edit and profile screens of a user sit in. */
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';

export const UserPageFrame = ({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) => (
  <Box sx={{ py: 2, maxWidth: 880 }}>
    <Title title={title} />
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {actions}
    </Box>
    <Card>
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>{children}</CardContent>
    </Card>
  </Box>
);
