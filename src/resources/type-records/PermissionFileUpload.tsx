/**
 * The permission file's drop zone: the file it replaces, if any, and react-admin's FileInput
 * with the accepted kinds and sizes (permission-file.tsx). A module of its own, loaded lazily.
 */
import { FileField, FileInput, useRecordContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { Box, Typography } from '@mui/material';
import { PermissionFileActions } from './PermissionFileActions';
import { ACCEPTED_FILES, CHOSEN_NAME, chosen, FILE_TOO_LARGE, FILE_TYPE, MAX_FILE_BYTES, validatePermissionFile } from './permission-file';
import { useT } from '../../i18n/use-t';

export default function PermissionFileUpload() {
  const t = useT();
  const record = useRecordContext();
  const { setError } = useFormContext();
  return (
    <Box sx={{ mb: 2 }}>
      {record?.id && record.file_name ? (
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('app.people.permission_file.current', { name: String(record.file_name) })}
          </Typography>
          <PermissionFileActions record={record} />
        </Box>
      ) : null}
      <FileInput
        source="file"
        label={record?.id ? t('app.people.permission_file.replace') : t('schemas.permission_file.fields.file')}
        isRequired={!record?.id}
        accept={ACCEPTED_FILES}
        maxSize={MAX_FILE_BYTES}
        validate={validatePermissionFile}
        // The stored file is a path (shown above), not a file to preview in the drop zone.
        format={(value: unknown) => chosen(value) ?? null}
        placeholder={
          <Typography variant="body2" sx={{ p: 1 }}>
            {t('app.people.permission_file.drop')}
          </Typography>
        }
        options={{
          onDropRejected: ([rejection]) =>
            setError('file', { message: rejection?.errors[0]?.code === 'file-too-large' ? FILE_TOO_LARGE : FILE_TYPE }),
        }}
      >
        <FileField source="src" title={CHOSEN_NAME} />
      </FileInput>
    </Box>
  );
}
