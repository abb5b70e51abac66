/** The team at a glance: program heads first, then members; 'Manage Team' opens the Teams tab. */
import { Button, Stack, Typography } from '@mui/material';
import type { FullProgram } from '../../../../providers/program-calls';
import { MemberLine } from '../parts/MemberLine';
import { teamRows } from '../teams/team-rows';
import { OverviewCard } from './OverviewCard';

/** More than this many people are counted, not listed: the Teams tab lists them all. */
const SHOWN = 6;

export const TeamCard = ({ program, onManage }: { program: FullProgram; onManage(): void }) => {
  const rows = teamRows(program);
  return (
    <OverviewCard
      title="Team"
      action={
        <Button size="small" onClick={onManage}>
          Manage Team
        </Button>
      }
    >
      {rows.length ? (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Team">
          {rows.slice(0, SHOWN).map((row) => (
            <li key={row.member._id}>
              <MemberLine member={row.member} note={row.head ? 'Program head' : undefined} />
            </li>
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No team member found
        </Typography>
      )}
      {rows.length > SHOWN && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {`and ${rows.length - SHOWN} more`}
        </Typography>
      )}
    </OverviewCard>
  );
};
