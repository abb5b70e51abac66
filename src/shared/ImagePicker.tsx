/**
 * Choose an image (PNG, GIF or JPEG, at most 2 MB: a user's photo, a program's image) with a
 * preview beside the button; the server checks the content again. The caller draws the preview
 * (an avatar, a square) from the chosen file's URL, or from what is stored when none is chosen.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import { PHOTO_MAX_BYTES } from '@model/rules';
import { useT, type Translate } from '../i18n/use-t';

export const IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg'];

/** Why the file cannot be taken, worded with the field's name ("Photo must be…"); null when it can. */
export function imageProblem(file: File, noun: string, t: Translate): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return t('app.people.shared.image_wrong_type', { noun });
  if (file.size > PHOTO_MAX_BYTES) return t('app.people.shared.image_too_large', { noun });
  return null;
}

export interface ImagePickerProps {
  /** The field's name in messages and above the button when `heading` is set. */
  noun: string;
  heading?: boolean;
  /** Draws the preview: the chosen file's URL, or undefined to show what is stored. */
  preview(chosenUrl: string | undefined): ReactNode;
  /** Something is stored already (the button then offers to change it). */
  hasStored: boolean;
  labels: { choose: string; change: string };
  icon: ReactNode;
  file: File | null;
  onChange(file: File | null): void;
}

export const ImagePicker = ({ noun, heading, preview, hasStored, labels, icon, file, onChange }: ImagePickerProps) => {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const chosenUrl = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  // The preview's URL holds the file in memory until it is revoked.
  useEffect(() => () => (chosenUrl ? URL.revokeObjectURL(chosenUrl) : undefined), [chosenUrl]);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
      {preview(chosenUrl)}
      <Box>
        {heading && (
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {noun}
          </Typography>
        )}
        <Button component="label" variant="outlined" color="inherit" size={heading ? 'small' : 'medium'} startIcon={icon}>
          {file || hasStored ? labels.change : labels.choose}
          <input
            hidden
            type="file"
            name="photo"
            accept={IMAGE_TYPES.join(',')}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              const problem = chosen ? imageProblem(chosen, noun, t) : null;
              setError(problem);
              onChange(problem ? null : chosen);
            }}
          />
        </Button>
        <FormHelperText error={Boolean(error)}>{error ?? (heading && file ? file.name : t('app.people.shared.image_hint'))}</FormHelperText>
      </Box>
    </Box>
  );
};
