/**
 * The dashboard's sections: the three counts, documents per day, and the recently processed
 * documents, whose rows open the document drawer. A chunk of its own, so the console's first
 * download stays the size of the shell (bench:bundle).
 */
import { useState } from 'react';
import { Stack } from '@mui/material';
import { DocumentDrawer } from '../DocumentDrawer';
import { CountCards } from './CountCards';
import { DocumentsPerDay } from './DocumentsPerDay';
import { RecentDocuments } from './RecentDocuments';

export default function DashboardSections() {
  const [openLocalId, setOpenLocalId] = useState<string | null>(null);
  return (
    <>
      <Stack spacing={2}>
        <CountCards />
        <DocumentsPerDay />
        <RecentDocuments onOpen={(doc) => setOpenLocalId(doc.local_id)} />
      </Stack>
      <DocumentDrawer localId={openLocalId} onClose={() => setOpenLocalId(null)} />
    </>
  );
}
