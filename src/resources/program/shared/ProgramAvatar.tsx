/** The program's image, or its initials on a coloured square when it has none (a picture sign before it has a name). */
import { Avatar } from '@mui/material';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { programInitials, programPhotoUrl } from './program-photo';

export const ProgramAvatar = ({ name, photo, size = 56 }: { name?: string; photo?: string | null; size?: number }) => (
  <Avatar
    variant="rounded"
    src={programPhotoUrl(photo)}
    alt={programPhotoUrl(photo) ? (name ?? '') : undefined}
    sx={{ width: size, height: size, bgcolor: 'secondary.main', fontSize: size * 0.38, fontWeight: 600, borderRadius: 2 }}
  >
    {programInitials(name) || <ImageOutlinedIcon sx={{ fontSize: size * 0.5 }} />}
  </Avatar>
);
