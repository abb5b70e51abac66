/**
 * The program lists (spec 2 §2): /program 'Programs', /program/active 'All Active Programs' and
 * /program/deactive 'Deactivated Programs'. react-admin's list does the fetching (served from
 * program/programList), the search by name, the pager ('Programs per page', 10/20/30) and the
 * loading and error states; each program is a card with its goals carousel. A floating button
 * adds a program, for roles that may.
 */
import { Box, Fab, Stack, Tab, Tabs, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { List, SearchInput, useCanAccess, useListContext } from 'react-admin';
import type { ProgramRecord } from '../../../providers/program-calls';
import type { MessageKey } from '../../../i18n/catalogue';
import { useT } from '../../../i18n/use-t';
import { ListBody, ListLoading } from '../../generic/ListStates';
import { EmptyList } from '../../generic/GenericList';
import { NoPermission } from '../../generic/NoPermission';
import { countsPending, type CarouselGoal } from '../shared/GoalCarousel';
import { ProgramCard } from './ProgramCard';
import { ProgramStatusButton } from './ProgramStatusButton';
import { ProgramPagination } from './ProgramPagination';

export const PROGRAM_PAGE_SIZES = [10, 20, 30];
const LISTS: Array<{ path: string; label: MessageKey }> = [
  { path: '/program', label: 'app.program.list.tab_all' },
  { path: '/program/active', label: 'app.program.common.active' },
  { path: '/program/deactive', label: 'app.program.common.deactivated' },
];

const ListSwitch = () => {
  const { pathname } = useLocation();
  const t = useT();
  const current = LISTS.find((l) => l.path === pathname.replace(/\/$/, ''))?.path ?? false;
  return (
    <Tabs value={current} aria-label={t('app.program.list.which')} sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, py: 0 } }}>
      {LISTS.map((l) => (
        <Tab key={l.path} value={l.path} label={t(l.label)} component={RouterLink} to={l.path} />
      ))}
    </Tabs>
  );
};

const ProgramCards = ({ withStatus }: { withStatus: boolean }) => {
  const { data = [] } = useListContext<ProgramRecord>();
  const t = useT();
  if (!data.length) return <EmptyList text={t('app.program.list.none_found')} />;
  const pending = countsPending(data.flatMap((p) => (p.goals ?? []) as CarouselGoal[]));
  return (
    <>
      {/* Said once for the page rather than under every carousel. */}
      {pending && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('app.program.common.not_counted')}
        </Typography>
      )}
      <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
        {data.map((program) => (
          <ProgramCard key={program.id} program={program} action={withStatus ? <ProgramStatusButton program={program} /> : undefined} />
        ))}
      </Stack>
    </>
  );
};

export const AddProgramFab = () => {
  const { canAccess = false } = useCanAccess({ resource: 'program', action: 'create' });
  const t = useT();
  if (!canAccess) return null;
  return (
    <Fab
      color="primary"
      aria-label={t('app.program.list.add')}
      component={RouterLink}
      to="/program/add"
      sx={{ position: 'fixed', right: { xs: 16, sm: 32 }, bottom: { xs: 16, sm: 32 }, zIndex: (theme) => theme.zIndex.speedDial }}
    >
      <AddIcon />
    </Fab>
  );
};

interface ProgramListPageProps {
  /** Only active (true) or only deactivated (false) programs; all when absent. */
  status?: boolean;
}

export const ProgramListPage = ({ status }: ProgramListPageProps) => {
  const { canAccess: canList, isPending } = useCanAccess({ resource: 'program', action: 'list' });
  const t = useT();
  const title = t(
    status === undefined ? 'app.program.list.title_all' : status ? 'app.program.list.title_active' : 'app.program.list.title_deactivated',
  );
  if (isPending) return <ListLoading label={t('app.program.list.loading')} />;
  if (!canList) return <NoPermission message={t('app.program.access.cannot_see')} />;
  const withStatus = status !== undefined;
  return (
    // Room under the last card for the floating add button.
    <Box sx={{ pb: 10 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mt: 2 }}>
        {title}
      </Typography>
      <ListSwitch />
      <List
        resource="program"
        // Each list keeps its own search and page size.
        storeKey={`program.${status === undefined ? 'all' : status ? 'active' : 'deactive'}`}
        title={title}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={t('app.program.list.search')} />]}
        filter={withStatus ? { status } : undefined}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={10}
        actions={false}
        empty={false}
        sx={{
          minWidth: 0,
          '& .RaList-content': { bgcolor: 'transparent', boxShadow: 'none' },
        }}
        component="div"
        pagination={
          // Room on the right for the floating add button, so it never covers the pager.
          <Box sx={{ pr: { xs: 9, sm: 11 } }}>
            <ProgramPagination sizes={PROGRAM_PAGE_SIZES} />
          </Box>
        }
      >
        <ListBody what={t('app.program.list.what')}>
          <ProgramCards withStatus={withStatus} />
        </ListBody>
      </List>
      <AddProgramFab />
    </Box>
  );
};

export const ProgramList = () => <ProgramListPage />;
export const ActivePrograms = () => <ProgramListPage status />;
export const DeactivatedPrograms = () => <ProgramListPage status={false} />;
