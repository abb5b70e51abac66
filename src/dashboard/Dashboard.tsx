/**
 * /dashboard (spec 1 §2): a greeting, the three counts, documents per day, and the recently
 * processed documents; a row opens the document drawer.
 */
import { useState } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useSession } from '../session/useSession';
import { DocumentDrawer } from '../documents/DocumentDrawer';
import { CountCards } from './CountCards';
import { DocumentsPerDay } from './DocumentsPerDay';
import { RecentDocuments } from './RecentDocuments';

export const Dashboard = () => {
  const { user } = useSession();
  const [openLocalId, setOpenLocalId] = useState<string | null>(null);
  return (
    // inline-size containment: the wide table scrolls inside its card instead of widening the page on a phone.
    <Box sx={{ p: { xs: 2, md: 3 }, minWidth: 0, contain: 'inline-size' }}>
      <Title title="Dashboard" />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>{`Welcome, ${user?.first_name ?? ''}`}</Typography>
      <Stack spacing={2}>
        <CountCards />
        <DocumentsPerDay />
        <RecentDocuments onOpen={(doc) => setOpenLocalId(doc.local_id)} />
      </Stack>
      <DocumentDrawer localId={openLocalId} onClose={() => setOpenLocalId(null)} />
    </Box>
  );
};
