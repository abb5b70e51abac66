/** The pinned goals as read-only sliders (achieved of target), and the way to all goals. */
import { Box, Button, Slider, Stack, Typography } from '@mui/material';
import type { GoalRecord } from '../../../../providers/program-calls';
import { OverviewCard } from './OverviewCard';
import { useT } from '../../../../i18n/use-t';

const GoalSlider = ({ goal }: { goal: GoalRecord }) => {
  const t = useT();
  const achieve = goal.achieve ?? 0;
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {goal.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {`${achieve} / ${goal.target}`}
        </Typography>
      </Box>
      <Slider
        value={Math.min(achieve, goal.target)}
        min={0}
        max={goal.target}
        marks={[
          { value: 0, label: '0' },
          { value: goal.target, label: String(goal.target) },
        ]}
        aria-label={t('app.program.carousel.slide', { name: goal.name, achieve, target: goal.target })}
        aria-readonly
        // A picture of progress, not an input: nothing to drag, nothing to focus.
        tabIndex={-1}
        sx={{
          pointerEvents: 'none',
          mx: 1,
          width: 'calc(100% - 16px)',
          '& .MuiSlider-markLabel': { fontSize: 12, color: 'text.secondary' },
          '& .MuiSlider-markLabel[data-index="0"]': { transform: 'translateX(0%)' },
          '& .MuiSlider-markLabel[data-index="1"]': { transform: 'translateX(-100%)' },
        }}
        slotProps={{ input: { tabIndex: -1, readOnly: true } }}
      />
    </Box>
  );
};

export const PinnedGoalsCard = ({ goals, onSeeAll }: { goals: GoalRecord[]; onSeeAll(): void }) => {
  const t = useT();
  const pinned = goals.filter((goal) => goal.isPinned);
  return (
    <OverviewCard
      title={t('app.program.overview.pinned_title')}
      action={
        <Button size="small" onClick={onSeeAll}>
          {t('app.program.overview.see_all_goals')}
        </Button>
      }
    >
      {pinned.length ? (
        <Stack spacing={1}>
          {pinned.map((goal) => (
            <GoalSlider key={goal._id} goal={goal} />
          ))}
          {pinned.some((goal) => goal.achieve_counted === false) && (
            <Typography variant="caption" color="text.secondary">
              {t('app.program.common.not_counted')}
            </Typography>
          )}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {goals.length ? t('app.program.overview.none_pinned') : t('app.program.common.no_goal')}
        </Typography>
      )}
    </OverviewCard>
  );
};
