/** An image or signature answer: the uploaded picture, fetched with the session. */
import { Box, CircularProgress, Typography } from '@mui/material';
import { useDocumentContext } from '../document-context';
import { useAttachmentBlob, useBlobSource } from './use-attachment';
import { useT } from '../../i18n/use-t';

/** A signature drawn on an older app version may be stored inline as a picture. */
const INLINE_PICTURE = /^data:image\/(png|jpe?g|gif|webp);base64,/i;

export function AttachmentImage({ name, label, compact }: { name: string; label: string; compact?: boolean }) {
  const { documentId } = useDocumentContext();
  const t = useT();
  const inline = INLINE_PICTURE.test(name);
  const { data, isPending, isError } = useAttachmentBlob(documentId, name, !inline);
  const blobSource = useBlobSource(data);
  if (!inline && isError) return <Typography color="text.secondary">{t('app.documents.answers.picture_failed', { name })}</Typography>;
  if (!inline && !data)
    return isPending ? <CircularProgress size={20} aria-label={t('app.documents.answers.loading_picture', { label })} /> : null;
  return (
    <Box
      component="img"
      ref={inline ? undefined : blobSource}
      src={inline ? name : undefined}
      alt={label}
      className="document-picture"
      sx={{
        display: 'block',
        maxWidth: '100%',
        maxHeight: compact ? 96 : 320,
        objectFit: 'contain',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: '#fff',
      }}
    />
  );
}
