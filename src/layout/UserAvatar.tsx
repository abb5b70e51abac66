/** The photo when there is one, else first- and last-name initials (spec 1 §2). */
import { Avatar } from '@mui/material';
import { useIdentity } from '../session/identity';

export function initials(fullName: string | undefined): string {
  return (fullName ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

export const UserAvatar = ({ size = 32 }: { size?: number }) => {
  const identity = useIdentity();
  return (
    <Avatar
      src={identity?.avatar}
      alt={identity?.fullName}
      sx={{ width: size, height: size, fontSize: size * 0.42, bgcolor: 'secondary.main' }}
    >
      {initials(identity?.fullName)}
    </Avatar>
  );
};
