/** A program's image and a team member's photo: the picture when there is one, else initials. */
import { Avatar, type SxProps, type Theme } from '@mui/material';
import { runtimeConfig } from '../../../../config/runtime-config';
import { initials } from '../../../../layout/UserAvatar';
import type { TeamMember } from '../../../../providers/program-calls';

/** A stored path (relative to a server) as an address the browser can load. */
const fileUrl = (server: string, path: string | null | undefined) => (path ? `${server}/${path.replace(/^\//, '')}` : undefined);

export const fullName = (member: Pick<TeamMember, 'first_name' | 'last_name'>) => `${member.first_name} ${member.last_name}`.trim();

export const ProgramImage = ({ name, photo, size = 72 }: { name: string; photo?: string | null; size?: number }) => (
  <Avatar
    variant="rounded"
    src={fileUrl(runtimeConfig().apiUrl, photo)}
    alt={name}
    sx={{ width: size, height: size, fontSize: size * 0.38, bgcolor: 'primary.main' }}
  >
    {initials(name)}
  </Avatar>
);

/** User photos live on the auth server. */
export const MemberAvatar = ({ member, size = 40, sx }: { member: TeamMember; size?: number; sx?: SxProps<Theme> }) => (
  <Avatar
    src={fileUrl(runtimeConfig().authUrl, member.photo)}
    alt={fullName(member)}
    sx={[{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'secondary.main' }, ...(Array.isArray(sx) ? sx : [sx])]}
  >
    {initials(fullName(member))}
  </Avatar>
);
