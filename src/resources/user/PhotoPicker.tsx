/** Choose a user's photo (PNG, GIF or JPEG, spec 1 §5) with a preview; the server checks the content again. */
import { Avatar } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { ImagePicker } from '../../shared/ImagePicker';

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
}) => (
  <ImagePicker
    noun="Photo"
    hasStored={Boolean(currentUrl)}
    labels={{ choose: 'Add photo', change: 'Change photo' }}
    icon={<PhotoCameraIcon />}
    file={file}
    onChange={onChange}
    preview={(chosenUrl) => (
      <Avatar src={chosenUrl ?? currentUrl} sx={{ width: 72, height: 72, bgcolor: 'secondary.main', fontSize: 28 }}>
        {initials}
      </Avatar>
    )}
  />
);
