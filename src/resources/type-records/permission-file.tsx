/**
 * A permission file's form: its name and the file (a PDF or an image, at most 10 MB), sent as
 * multipart through programCalls.savePermissionFile; the file is required on add ('File field
 * required', spec 2 §5) and replaces the stored one on edit only when a new one is chosen.
 */
import { FileField, FileInput, useRecordContext, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { Box, Typography } from '@mui/material';
import { programCalls } from '../../providers/program-calls';
import type { ResourceScreens } from '../resource-screens';
import { PermissionFileActions } from './PermissionFileActions';
import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';

export const ACCEPTED_FILES = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
};
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
// Catalogue keys: react-admin words a validation message in the language in use.
export const FILE_REQUIRED: MessageKey = 'app.people.permission_file.required';
export const FILE_TYPE: MessageKey = 'app.people.permission_file.wrong_type';
export const FILE_TOO_LARGE: MessageKey = 'app.people.permission_file.too_large';

/** The property of a chosen file that holds its name (react-admin's FileInput sets it). */
const CHOSEN_NAME = 'title';

interface ChosenFile {
  rawFile: File;
  src?: string;
  title?: string;
}

const chosen = (value: unknown): ChosenFile | undefined =>
  value && typeof value === 'object' && (value as ChosenFile).rawFile instanceof File ? (value as ChosenFile) : undefined;

/** Required on add; a chosen file must be one of the accepted kinds and sizes (the answer is a catalogue key). */
export function validatePermissionFile(value: unknown, values: Record<string, unknown>): string | undefined {
  const file = chosen(value)?.rawFile;
  if (!file) return values.id ? undefined : FILE_REQUIRED;
  if (!Object.keys(ACCEPTED_FILES).includes(file.type)) return FILE_TYPE;
  if (file.size > MAX_FILE_BYTES) return FILE_TOO_LARGE;
  return undefined;
}

const FileUpload = () => {
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
};

/** Saves name and file as multipart (PATCH on edit, with the file only when a new one was chosen). */
export function savePermissionFile(values: Record<string, unknown>): Promise<RaRecord> {
  const id = values.id === undefined ? undefined : String(values.id);
  return programCalls.savePermissionFile(String(values.name ?? ''), chosen(values.file)?.rawFile, id);
}

export const permissionFile: ResourceScreens = {
  form: {
    fields: ['name', 'file'],
    inputs: { file: () => <FileUpload /> },
    save: savePermissionFile,
  },
};
