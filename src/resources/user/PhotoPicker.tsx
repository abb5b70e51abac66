/** Choose a photo (PNG, GIF or JPEG, spec 1 §5) with a preview; the server checks the content again. */
import { useEffect, useMemo, useState } from 'react';
import { Avatar, Box, Button, FormHelperText } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';

export const PHOTO_TYPES = ['image/png', 'image/gif', 'image/jpeg'];
import { PHOTO_MAX_BYTES } from '@model/rules';

export function photoProblem(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return 'Photo must be a PNG, GIF or JPEG image';
  if (file.size > PHOTO_MAX_BYTES) return 'Photo must be at most 2 MB';
  return null;
}

export const PhotoPicker = ({
  currentUrl,
  initials,
  file,
  onChange,
}: {
  currentUrl?: string;
  initials: string;
  file: File | null;
  onChange: (file: File | null) => void;
}) => {
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  // The preview's URL holds the file in memory until it is revoked.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
      <Avatar src={preview ?? currentUrl} sx={{ width: 72, height: 72, bgcolor: 'secondary.main', fontSize: 28 }}>
        {initials}
      </Avatar>
      <Box>
        <Button component="label" variant="outlined" color="inherit" startIcon={<PhotoCameraIcon />}>
          {file || currentUrl ? 'Change photo' : 'Add photo'}
          <input
            hidden
            type="file"
            name="photo"
            accept={PHOTO_TYPES.join(',')}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              const problem = chosen ? photoProblem(chosen) : null;
              setError(problem);
              onChange(problem ? null : chosen);
            }}
          />
        </Button>
        <FormHelperText error={Boolean(error)}>{error ?? 'PNG, GIF or JPEG, up to 2 MB'}</FormHelperText>
      </Box>
    </Box>
  );
};
