/** The card the add and edit pages sit in, with the back link above the title. */
import type { ReactNode } from 'react';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router-dom';
import { Title } from 'react-admin';

export const ProgramFormFrame = ({ title, back, children }: { title: string; back: { to: string; text: string }; children: ReactNode }) => (
  <Box sx={{ py: 2, maxWidth: 880 }}>
    <Title title={title} />
    <Button component={RouterLink} to={back.to} startIcon={<ArrowBackIcon />} color="inherit" size="small" sx={{ mb: 1 }}>
      {back.text}
    </Button>
    <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
      {title}
    </Typography>
    <Card>
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>{children}</CardContent>
    </Card>
  </Box>
);
