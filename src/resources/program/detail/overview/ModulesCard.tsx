/** The six modules, each Active or Inactive, each opening its tab. */
import { Chip, List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import type { FullProgram } from '../../../../providers/program-calls';
import { MODULES } from '../program-tabs';
import { moduleActive } from '../module-status/module-state';
import { OverviewCard } from './OverviewCard';
import { useT } from '../../../../i18n/use-t';

export const ModulesCard = ({ program, goTo }: { program: FullProgram; goTo(tab: number): void }) => {
  const t = useT();
  return (
    <OverviewCard title={t('app.program.tabs.modules')}>
      <List dense disablePadding aria-label={t('app.program.tabs.modules')}>
        {MODULES.map((info) => {
          const active = moduleActive(program, info.module);
          return (
            // A list holds list items: each button sits in its <li>.
            <ListItem key={info.module} disablePadding>
              <ListItemButton onClick={() => goTo(info.tab)} sx={{ borderRadius: 1, px: 1 }}>
                <ListItemText primary={t(info.label)} />
                <Chip
                  size="small"
                  label={t(active ? 'app.program.common.active' : 'app.program.common.inactive')}
                  color={active ? 'success' : 'default'}
                  variant={active ? 'filled' : 'outlined'}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </OverviewCard>
  );
};
