/** The file extensions an image or file field accepts (image defaults: jpg, png, jpeg). */
import { Autocomplete, TextField } from '@mui/material';

const SUGGESTED = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv', 'txt'];

const extension = (text: string) => text.trim().replace(/^\.+/, '').toLowerCase();

export function FileTypesInput({ types, onChange }: { types: string[]; onChange: (types: string[]) => void }) {
  return (
    <Autocomplete
      multiple
      freeSolo
      size="small"
      options={SUGGESTED}
      value={types}
      onChange={(_, value) => onChange([...new Set(value.map(extension).filter(Boolean))])}
      renderInput={(params) => (
        <TextField {...params} label="Allowed file types" helperText="Type an extension and press Enter; none means any file" />
      )}
    />
  );
}
