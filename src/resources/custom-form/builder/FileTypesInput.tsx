/** The file extensions an image or file field accepts (image defaults: jpg, png, jpeg). */
import { Autocomplete, TextField } from '@mui/material';
import { useT } from '../../../i18n/use-t';

const SUGGESTED = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv', 'txt'];

const extension = (text: string) => text.trim().replace(/^\.+/, '').toLowerCase();

export function FileTypesInput({ types, onChange }: { types: string[]; onChange: (types: string[]) => void }) {
  const t = useT();
  return (
    <Autocomplete
      multiple
      freeSolo
      size="small"
      options={SUGGESTED}
      value={types}
      onChange={(_, value) => onChange([...new Set(value.map(extension).filter(Boolean))])}
      renderInput={(params) => (
        <TextField {...params} label={t('app.forms.builder.file_types.label')} helperText={t('app.forms.builder.file_types.hint')} />
      )}
    />
  );
}
