/**
 * The drawer's content, its own chunk (RJSF and the displays load when a document is first
 * opened): the document read by id or local id, its header, its answers, and the Print and
 * 'Mark as processed' actions.
 */
import { Alert, Box, Button, CircularProgress, Divider, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import PrintIcon from '@mui/icons-material/Print';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useNotify, usePermissions } from 'react-admin';
import type { RoleFlags } from '../session/session-store';
import { errorMessage } from '../providers/http-client';
import { useDocument, useMarkProcessed, type DocumentKey } from './document-query';
import { DocumentHeader } from './DocumentHeader';
import { DocumentAnswers } from './DocumentAnswers';
import { PrintStyles } from './PrintStyles';
import { useT } from '../i18n/use-t';

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

export default function DocumentView({ documentId, localId, onClose }: DocumentKey & { onClose(): void }) {
  const key = { documentId, localId };
  const query = useDocument(key);
  const markProcessed = useMarkProcessed(key);
  const { permissions } = usePermissions<RoleFlags>();
  const notify = useNotify();
  const t = useT();
  const document = query.data;
  const canProcess = permissions?.can_edit_document === true && document && !document.processed;

  const onMark = () => {
    if (!document) return;
    markProcessed.mutate(document._id, {
      onSuccess: () => notify('app.documents.drawer.marked', { type: 'success' }),
      // The server's own message as it comes; ours when it gave none.
      onError: (error) => notify(errorMessage((error as { body?: unknown }).body, 'app.documents.drawer.mark_failed'), { type: 'error' }),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <PrintStyles />
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1.5,
          position: 'sticky',
          top: 0,
          zIndex: 1,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {document ? document.type_name : t('app.documents.drawer.heading')}
        </Typography>
        {document && (
          <Stack direction="row" className="no-print" sx={{ gap: 1 }}>
            {canProcess && (
              <Button
                size="small"
                variant="contained"
                color="secondary"
                startIcon={<TaskAltIcon />}
                onClick={onMark}
                disabled={markProcessed.isPending}
              >
                {t('app.documents.drawer.mark_processed')}
              </Button>
            )}
            <Button size="small" variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
              {t('app.documents.drawer.print')}
            </Button>
          </Stack>
        )}
        <IconButton aria-label={t('ra.action.close')} onClick={onClose} className="no-print" edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ p: 2, flex: 1 }}>
        {query.isPending && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label={t('app.documents.drawer.loading')} />
          </Box>
        )}
        {query.isError &&
          (statusOf(query.error) === 404 ? (
            <Alert severity="info">{t('app.documents.drawer.not_found')}</Alert>
          ) : (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                  {t('app.documents.drawer.try_again')}
                </Button>
              }
            >
              {t('app.documents.drawer.load_failed')}
            </Alert>
          ))}
        {document && (
          <Stack spacing={2}>
            <DocumentHeader document={document} />
            <Divider />
            <DocumentAnswers document={document} />
          </Stack>
        )}
      </Box>
    </Box>
  );
}
