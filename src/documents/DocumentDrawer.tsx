/**
 * A document in a right-hand drawer, read-only and printable (spec 1 §2): loaded by its id, or
 * by the mobile app's local id (as the dashboard's rows open it). The dashboard and the Data
 * Explorer both open it. Its content is a chunk of its own, fetched when a document is opened.
 */
import { lazy, Suspense, useState } from 'react';
import { Box, CircularProgress, Drawer } from '@mui/material';
import { PRINT_ROOT } from './print-root';
import { useT } from '../i18n/use-t';

const DocumentView = lazy(() => import('./DocumentView'));

export function DocumentDrawer(props: { documentId?: string | null; localId?: string | null; onClose(): void }) {
  const { documentId, localId, onClose } = props;
  const t = useT();
  const open = Boolean(documentId || localId);
  // The document stays in the drawer while it slides out.
  const [shown, setShown] = useState<{ documentId?: string | null; localId?: string | null }>();
  if (open && (shown?.documentId !== documentId || shown?.localId !== localId)) setShown({ documentId, localId });
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      className={PRINT_ROOT}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: 560 }, maxWidth: '100%' }, 'aria-label': t('app.documents.drawer.label') },
        transition: { onExited: () => setShown(undefined) },
      }}
    >
      {shown && (
        <Suspense
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label={t('app.documents.drawer.loading')} />
            </Box>
          }
        >
          <DocumentView
            key={shown.documentId ?? `local:${shown.localId}`}
            documentId={shown.documentId}
            localId={shown.localId}
            onClose={onClose}
          />
        </Suspense>
      )}
    </Drawer>
  );
}
