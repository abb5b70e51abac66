/**
 * /program/{id}: the program's header (name, image, goals) over an 11-tab strip (and History
 * for those who may read it). The tab is in
 * the address (`?tab=N`), so a reload or a shared link opens the same tab. Every tab reads the
 * one full-program query and refreshes it after a change.
 */
import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Box, Tab, Tabs } from '@mui/material';
import { Title, usePermissions } from 'react-admin';
import type { RoleFlags } from '../../../session/session-store';
import { NoPermission } from '../../generic/NoPermission';
import { ModuleTab } from './modules/ModuleTab';
import { useFullProgram, useProgramRefresh } from './program-query';
import { HISTORY_TAB, moduleOfTab, TAB, TAB_LABELS, tabFromQuery } from './program-tabs';
import { HistoryPanel } from '../../../audit/HistoryPanel';
import { useSession } from '../../../session/useSession';
import { useT } from '../../../i18n/use-t';
import { ProgramLoadState } from './parts/ProgramLoadState';
import { ProgramHeader } from './ProgramHeader';
import { AccessNotes } from './parts/AccessNotes';
import { OverviewTab } from './overview/OverviewTab';
import { GoalsTab } from './goals/GoalsTab';
import { NotificationsTab } from './notifications/NotificationsTab';
import { ModulesTab } from './module-status/ModulesTab';
import { TeamsTab } from './teams/TeamsTab';

const ProgramDetail = () => {
  const { id = '' } = useParams<'id'>();
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const { permissions, isPending: flagsPending } = usePermissions<RoleFlags>();
  const query = useFullProgram(id);
  const me = useSession().user?._id;
  const mayReadHistory = permissions?.can_get_audit === true || (query.data?.program_head ?? []).some((head) => head._id === me);
  const tab = tabFromQuery(search.get('tab'), mayReadHistory);
  const refresh = useProgramRefresh(id);
  const goTo = useCallback(
    (next: number) =>
      setSearch((current) => {
        const params = new URLSearchParams(current);
        params.set('tab', String(next));
        return params;
      }),
    [setSearch],
  );

  if (!flagsPending && permissions?.can_get_program !== true) return <NoPermission message={t('app.program.access.cannot_see')} />;
  const program = query.data;
  if (!program) return <ProgramLoadState error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;

  const module = moduleOfTab(tab);
  return (
    // inline-size containment: the tab strip and the goals slider scroll inside the page instead of widening it on a phone.
    <Box sx={{ py: 2, minWidth: 0, contain: 'inline-size' }}>
      <Title title={program.name} />
      <ProgramHeader program={program} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mt: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, next: number) => goTo(next)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('app.program.detail.sections')}
        >
          {TAB_LABELS.map((label, index) => (
            <Tab key={label} label={t(label)} value={index} id={`program-tab-${index}`} aria-controls="program-tab-panel" />
          ))}
          {mayReadHistory && (
            <Tab
              label={t('app.program.detail.history')}
              value={HISTORY_TAB}
              id={`program-tab-${HISTORY_TAB}`}
              aria-controls="program-tab-panel"
            />
          )}
        </Tabs>
      </Box>
      <AccessNotes program={program} />
      <Box role="tabpanel" id="program-tab-panel" aria-labelledby={`program-tab-${tab}`} sx={{ pt: 2, minWidth: 0 }}>
        {tab === TAB.overview && <OverviewTab program={program} goTo={goTo} />}
        {tab === TAB.goals && <GoalsTab program={program} />}
        {tab === TAB.notifications && <NotificationsTab program={program} />}
        {tab === TAB.modules && <ModulesTab program={program} goTo={goTo} />}
        {module && (
          <ModuleTab
            key={module.module}
            program={program}
            module={module.module}
            onBack={() => goTo(TAB.modules)}
            onChanged={() => void refresh()}
          />
        )}
        {tab === TAB.teams && <TeamsTab program={program} />}
        {tab === HISTORY_TAB && <HistoryPanel server="api" path={`program/${encodeURIComponent(program._id)}`} />}
      </Box>
    </Box>
  );
};

export default ProgramDetail;
