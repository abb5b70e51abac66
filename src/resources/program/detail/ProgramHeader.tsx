/** The detail page's header: the program's image and name, its status, and its goals slider. */
import { Box, Chip, Stack, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import type { FullProgram } from '../../../providers/program-calls';
import { useT } from '../../../i18n/use-t';
import { ProgramImage } from './parts/avatars';
import { GoalCarousel } from '../shared/GoalCarousel';

export const ProgramHeader = ({ program }: { program: FullProgram }) => {
  const t = useT();
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        alignItems: { xs: 'stretch', md: 'center' },
        gap: 2,
      }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0, flex: { md: '0 1 40%' } }}>
        <ProgramImage name={program.name} photo={program.photo} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {program.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
            <Chip
              size="small"
              label={t(program.status === false ? 'app.program.common.deactivated' : 'app.program.common.active')}
              color={program.status === false ? 'default' : 'success'}
              variant="outlined"
            />
            {program.lockProgram === 1 && (
              <Chip size="small" icon={<LockIcon />} label={t('app.program.common.locked')} color="warning" variant="outlined" />
            )}
          </Stack>
        </Box>
      </Stack>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {/* The tabs below say once that completed counts wait for documents; the slider does not repeat it. */}
        <GoalCarousel goals={program.goals} countNote={false} />
      </Box>
    </Box>
  );
};
