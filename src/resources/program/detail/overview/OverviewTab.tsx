/** Overview: pinned goals, the lock, the database sync and its conflicts, the modules, the team and the program's details, side by side on a wide screen. */
import { Box, Stack } from '@mui/material';
import type { FullProgram } from '../../../../providers/program-calls';
import { TAB } from '../program-tabs';
import { PinnedGoalsCard } from './PinnedGoalsCard';
import { LockCard } from './LockCard';
import { DatabaseSyncCard } from './DatabaseSyncCard';
import { ConflictsCard } from './ConflictsCard';
import { ModulesCard } from './ModulesCard';
import { TeamCard } from './TeamCard';
import { ProgramOverviewCard } from './ProgramOverviewCard';

export const OverviewTab = ({ program, goTo }: { program: FullProgram; goTo(tab: number): void }) => (
  <Box
    sx={{
      display: 'grid',
      gap: 2,
      gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
      alignItems: 'start',
    }}
  >
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PinnedGoalsCard goals={program.goals} onSeeAll={() => goTo(TAB.goals)} />
      <ProgramOverviewCard program={program} />
    </Stack>
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <LockCard program={program} />
      <DatabaseSyncCard program={program} />
      <ConflictsCard program={program} />
      <ModulesCard program={program} goTo={goTo} />
      <TeamCard program={program} onManage={() => goTo(TAB.teams)} />
    </Stack>
  </Box>
);
