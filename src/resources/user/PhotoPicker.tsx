/** Choose a user's photo (PNG, GIF or JPEG, spec 1 §5) with a preview; the server checks the content again. */
import { Avatar } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { ImagePicker } from '../../shared/ImagePicker';
import { useT } from '../../i18n/use-t';

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
  const t = useT();
  return (
    <ImagePicker
      noun={t('schemas.user.fields.photo')}
      hasStored={Boolean(currentUrl)}
      labels={{ choose: t('app.people.users.add_photo'), change: t('app.people.users.change_photo') }}
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
};
