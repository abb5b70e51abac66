/** A person on the team: photo, name, and designation under it. */
import { Box, Stack, Typography } from '@mui/material';
import type { TeamMember } from '../../../../providers/program-calls';
import { fullName, MemberAvatar } from './avatars';

export const MemberLine = ({ member, note }: { member: TeamMember; note?: string }) => (
  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
    <MemberAvatar member={member} />
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {fullName(member)}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {[member.designation?.name, note].filter(Boolean).join(' · ') || '—'}
      </Typography>
    </Box>
  </Stack>
);
