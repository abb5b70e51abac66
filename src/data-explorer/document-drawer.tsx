/**
 * The one place the explorer takes its document drawer from, so the page and its tests name a
 * single module. The console's drawer (src/documents/DocumentDrawer) takes its place here; until
 * then a plain drawer names the document.
 */
import { Box, Drawer, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';

export interface DocumentDrawerProps {
  documentId?: string | null;
  onClose(): void;
}

export const DocumentDrawer = ({ documentId, onClose }: DocumentDrawerProps) => (
  <Drawer anchor="right" open={Boolean(documentId)} onClose={onClose}>
    <Box sx={{ width: { xs: '100vw', sm: 480 }, p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6">Document</Typography>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Typography sx={{ fontFamily: 'monospace' }}>{documentId}</Typography>
    </Box>
  </Drawer>
);
