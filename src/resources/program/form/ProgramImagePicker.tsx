/** The program image (spec 2 §5: png, gif or jpeg), with a preview; the server checks the content again. */
import { useEffect, useMemo, useState } from 'react';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import { PHOTO_MAX_BYTES } from '@model/rules';
import { ProgramAvatar } from '../shared/ProgramAvatar';

export const IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg'];

export function imageProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'Program image must be a PNG, GIF or JPEG image';
  if (file.size > PHOTO_MAX_BYTES) return 'Program image must be at most 2 MB';
  return null;
}

export const ProgramImagePicker = ({
  name,
  currentPhoto,
  file,
  onChange,
}: {
  name?: string;
  currentPhoto?: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
}) => {
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  // The preview's URL holds the file in memory until it is revoked.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
      {preview ? (
        <Box
          component="img"
          src={preview}
          alt="Chosen program image"
          sx={{ width: 80, height: 80, objectFit: 'cover', borderRadius: 2, border: 1, borderColor: 'divider' }}
        />
      ) : (
        <ProgramAvatar name={name} photo={currentPhoto} size={80} />
      )}
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
          Program image
        </Typography>
        <Button component="label" variant="outlined" color="inherit" size="small" startIcon={<ImageIcon />}>
          {file || currentPhoto ? 'Change image' : 'Choose image'}
          <input
            hidden
            type="file"
            name="photo"
            accept={IMAGE_TYPES.join(',')}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              const problem = chosen ? imageProblem(chosen) : null;
              setError(problem);
              onChange(problem ? null : chosen);
            }}
          />
        </Button>
        <FormHelperText error={Boolean(error)}>{error ?? (file ? file.name : 'PNG, GIF or JPEG, up to 2 MB')}</FormHelperText>
      </Box>
    </Box>
  );
};
