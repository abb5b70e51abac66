/**
 * A permission file's form: its name and the file (a PDF or an image, at most 10 MB), sent as
 * multipart through programCalls.savePermissionFile; the file is required on add ('File field
 * required', spec 2 §5) and replaces the stored one on edit only when a new one is chosen.
 */
import { lazy, Suspense } from 'react';
import { useInput, type RaRecord } from 'react-admin';
import { programCalls } from '../../providers/program-calls';
import type { ResourceScreens } from '../resource-screens';
import type { MessageKey } from '../../i18n/catalogue';

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
export const CHOSEN_NAME = 'title';

interface ChosenFile {
  rawFile: File;
  src?: string;
  title?: string;
}

export const chosen = (value: unknown): ChosenFile | undefined =>
  value && typeof value === 'object' && (value as ChosenFile).rawFile instanceof File ? (value as ChosenFile) : undefined;

/** Required on add; a chosen file must be one of the accepted kinds and sizes (the answer is a catalogue key). */
export function validatePermissionFile(value: unknown, values: Record<string, unknown>): string | undefined {
  const file = chosen(value)?.rawFile;
  if (!file) return values.id ? undefined : FILE_REQUIRED;
  if (!Object.keys(ACCEPTED_FILES).includes(file.type)) return FILE_TYPE;
  if (file.size > MAX_FILE_BYTES) return FILE_TOO_LARGE;
  return undefined;
}

// The drop zone (react-dropzone and file-selector) loads with the form that shows it, not with the console.
const FileUpload = lazy(() => import('./PermissionFileUpload'));

/** While the drop zone loads, the file is checked as it will be then: a Save meanwhile is refused, not sent. */
function FileRequiredMeanwhile() {
  useInput({ source: 'file', validate: validatePermissionFile });
  return null;
}

/** Saves name and file as multipart (PATCH on edit, with the file only when a new one was chosen). */
export function savePermissionFile(values: Record<string, unknown>): Promise<RaRecord> {
  const id = values.id === undefined ? undefined : String(values.id);
  return programCalls.savePermissionFile(String(values.name ?? ''), chosen(values.file)?.rawFile, id);
}

export const permissionFile: ResourceScreens = {
  form: {
    fields: ['name', 'file'],
    inputs: {
      file: () => (
        <Suspense fallback={<FileRequiredMeanwhile />}>
          <FileUpload />
        </Suspense>
      ),
    },
    save: savePermissionFile,
  },
};
