/**
 * Modules (spec 2 §4): the six modules, each Active or Inactive, with ACTIVATE / DEACTIVATE for a
 * role with can_edit_program while the program is unlocked and inside its editing window. A
 * module's name opens its tab.
 */
import { Button, Card, Chip, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { programCalls, type FullProgram } from '../../../../providers/program-calls';
import { useProgramAccess } from '../../program-access';
import { MODULES, type ModuleInfo } from '../program-tabs';
import { TabHeading } from '../parts/TabHeading';
import { useProgramAction } from '../parts/use-program-action';
import { moduleActive } from './module-state';
import { useT } from '../../../../i18n/use-t';

export const ModulesTab = ({ program, goTo }: { program: FullProgram; goTo(tab: number): void }) => {
  const access = useProgramAccess(program);
  const t = useT();
  const mayToggle = access.can('can_edit_program') && access.mayChange;
  const action = useProgramAction(program._id);

  const toggle = (info: ModuleInfo, active: boolean) =>
    action.run(() => programCalls.setModuleStatus(program._id, info.module, !active), {
      success: active ? info.deactivated : info.activated,
    });

  return (
    <>
      <TabHeading title={t('app.program.tabs.modules')} />
      <Card variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={t('app.program.tabs.modules')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('app.program.module_status.module')}</TableCell>
                <TableCell>{t('app.program.module_status.status')}</TableCell>
                {mayToggle && <TableCell align="right" />}
              </TableRow>
            </TableHead>
            <TableBody>
              {MODULES.map((info) => {
                const active = moduleActive(program, info.module);
                return (
                  <TableRow key={info.module}>
                    <TableCell>
                      <Link component="button" type="button" underline="hover" onClick={() => goTo(info.tab)} sx={{ fontWeight: 600 }}>
                        {t(info.label)}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={t(active ? 'app.program.common.active' : 'app.program.common.inactive')}
                        color={active ? 'success' : 'default'}
                        variant={active ? 'filled' : 'outlined'}
                      />
                    </TableCell>
                    {mayToggle && (
                      <TableCell align="right">
                        <Button
                          size="small"
                          variant={active ? 'outlined' : 'contained'}
                          color={active ? 'warning' : 'primary'}
                          disabled={action.busy}
                          aria-label={t(active ? 'app.program.common.deactivate_name' : 'app.program.common.activate_name', {
                            name: t(info.label),
                          })}
                          onClick={() => void toggle(info, active)}
                        >
                          {t(active ? 'app.program.module_status.deactivate' : 'app.program.module_status.activate')}
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
    </>
  );
};
