/** The team at a glance: program heads first, then members; 'Manage Team' opens the Teams tab. */
import { Button, Stack, Typography } from '@mui/material';
import type { FullProgram } from '../../../../providers/program-calls';
import { MemberLine } from '../parts/MemberLine';
import { teamRows } from '../teams/team-rows';
import { OverviewCard } from './OverviewCard';
import { useT } from '../../../../i18n/use-t';

/** More than this many people are counted, not listed: the Teams tab lists them all. */
const SHOWN = 6;

export const TeamCard = ({ program, onManage }: { program: FullProgram; onManage(): void }) => {
  const t = useT();
  const rows = teamRows(program);
  return (
    <OverviewCard
      title={t('app.program.overview.team')}
      action={
        <Button size="small" onClick={onManage}>
          {t('app.program.overview.manage_team')}
        </Button>
      }
    >
      {rows.length ? (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('app.program.overview.team')}>
          {rows.slice(0, SHOWN).map((row) => (
            <li key={row.member._id}>
              <MemberLine member={row.member} note={row.head ? t('app.program.common.program_head') : undefined} />
            </li>
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('app.program.common.no_team_member')}
        </Typography>
      )}
      {rows.length > SHOWN && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('app.program.overview.more_members', { count: rows.length - SHOWN })}
        </Typography>
      )}
    </OverviewCard>
  );
};
