/** The program image (spec 2 §5: png, gif or jpeg), with a preview; the server checks the content again. */
import { Box } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import { ImagePicker } from '../../../shared/ImagePicker';
import { ProgramAvatar } from '../shared/ProgramAvatar';
import { useT } from '../../../i18n/use-t';

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
  const t = useT();
  return (
    <ImagePicker
      noun={t('resources.program.fields.photo')}
      heading
      hasStored={Boolean(currentPhoto)}
      labels={{ choose: t('app.program.form.choose_image'), change: t('app.program.form.change_image') }}
      icon={<ImageIcon />}
      file={file}
      onChange={onChange}
      preview={(chosenUrl) =>
        chosenUrl ? (
          <Box
            component="img"
            src={chosenUrl}
            alt={t('app.program.form.chosen_image')}
            sx={{ width: 80, height: 80, objectFit: 'cover', borderRadius: 2, border: 1, borderColor: 'divider' }}
          />
        ) : (
          <ProgramAvatar name={name} photo={currentPhoto} size={80} />
        )
      }
    />
  );
};
