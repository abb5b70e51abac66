/** The program image (spec 2 §5: png, gif or jpeg), with a preview; the server checks the content again. */
import { Box } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import { ImagePicker } from '../../../shared/ImagePicker';
import { ProgramAvatar } from '../shared/ProgramAvatar';

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
}) => (
  <ImagePicker
    noun="Program image"
    heading
    hasStored={Boolean(currentPhoto)}
    labels={{ choose: 'Choose image', change: 'Change image' }}
    icon={<ImageIcon />}
    file={file}
    onChange={onChange}
    preview={(chosenUrl) =>
      chosenUrl ? (
        <Box
          component="img"
          src={chosenUrl}
          alt="Chosen program image"
          sx={{ width: 80, height: 80, objectFit: 'cover', borderRadius: 2, border: 1, borderColor: 'divider' }}
        />
      ) : (
        <ProgramAvatar name={name} photo={currentPhoto} size={80} />
      )
    }
  />
);
