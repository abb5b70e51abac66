/**
 * /audit: every recorded change, newest first — sign-ins, users, roles and their flags, forms,
 * programs, documents… — filtered by a search, what was changed, the program, the action and the
 * days, or by who made it; a row opens the change with each field's before and after. Older changes load on demand
 * (the server pages by keyset). For roles with can_get_audit.
 */
import { useState } from 'react';
import { Box, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { Title, useGetList } from 'react-admin';
import { NoPermission } from '../resources/generic/NoPermission';
import { useSession } from '../session/useSession';
import { useDebouncedValue } from '../forms/widgets/use-debounced-value';
import { fetchAuditPage, type AuditFilter } from './audit-calls';
import { RESOURCE_LABELS, actionLabel } from './audit-texts';
import { useT } from '../i18n/use-t';
import type { MessageKey } from '../i18n/catalogue';
import { DayField } from '../shared/DayField';
import { isoDay } from '../shared/typed-day';
import { ChangePages } from './ChangePages';
import { ExportButton, ExportStatus, useAuditExport } from './AuditExport';
import { ActorFilter } from './ActorFilter';

export const AUDIT_FLAG = 'can_get_audit';

/** What a change can be about: every resource the log names, in the words of the console. */
const RESOURCES: Array<[string, MessageKey]> = [['', 'app.audit.filters.anything'], ...Object.entries(RESOURCE_LABELS)];

/** 'Anything' and 'Any action' are choices too: shown, not an empty box. */
const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

const ACTIONS = ['', 'create', 'update', 'delete', 'publish', 'lock', 'unlock', 'sign-in', 'sign-in-failed', 'refused'];

/** Changes filed under one program (its team, goals, documents…): the programs the reader may read, by name. */
function ProgramFilter({ value, onChange }: { value: string; onChange: (event: { target: { value: string } }) => void }) {
  const programs = useGetList('program', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } });
  const t = useT();
  return (
    <TextField size="small" select label={t('app.audit.filters.program')} value={value} onChange={onChange} slotProps={showEmpty}>
      <MenuItem value="">{t('app.audit.filters.any_program')}</MenuItem>
      {(programs.data ?? []).map((program) => (
        <MenuItem key={program.id} value={String(program.id)}>
          {String(program.name)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function AuditLog() {
  const t = useT();
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed.trim(), 300);
  const [choice, setChoice] = useState<Omit<AuditFilter, 'q' | 'from' | 'to'>>({});
  // Days are typed DD-MM-YYYY; the list follows a day once it is a whole, real one.
  const [days, setDays] = useState({ from: '', to: '' });
  const from = isoDay(days.from) || undefined;
  const to = isoDay(days.to) || undefined;
  const backwards = from !== undefined && to !== undefined && from > to;
  const filter: AuditFilter = {
    ...choice,
    ...(q ? { q } : {}),
    ...(from && !backwards ? { from } : {}),
    ...(to && !backwards ? { to } : {}),
  };
  const exported = useAuditExport();
  const set = (key: 'resource' | 'action' | 'program') => (event: { target: { value: string } }) =>
    setChoice((now) => ({ ...now, [key]: event.target.value || undefined }));

  return (
    <Stack spacing={2.5} sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('app.audit.title')}
        </Typography>
        <ExportButton filter={filter} job={exported.job} onStarted={exported.follow} />
      </Box>
      <ExportStatus job={exported.job} failed={exported.failed} />
      <Paper variant="outlined" component="section" aria-label={t('app.audit.filters.label')} sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
          <TextField
            size="small"
            label={t('ra.action.search')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            helperText={t('app.audit.filters.search_help')}
          />
          <ActorFilter value={choice.actor} onChange={(actor) => setChoice((now) => ({ ...now, actor }))} />
          <TextField
            size="small"
            select
            label={t('app.audit.filters.about')}
            value={choice.resource ?? ''}
            onChange={set('resource')}
            slotProps={showEmpty}
          >
            {RESOURCES.map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {t(label)}
              </MenuItem>
            ))}
          </TextField>
          <ProgramFilter value={choice.program ?? ''} onChange={set('program')} />
          <TextField
            size="small"
            select
            label={t('app.audit.filters.action')}
            value={choice.action ?? ''}
            onChange={set('action')}
            slotProps={showEmpty}
          >
            {ACTIONS.map((action) => (
              <MenuItem key={action} value={action}>
                {action ? actionLabel(t, action) : t('app.audit.filters.any_action')}
              </MenuItem>
            ))}
          </TextField>
          <DayField
            size="small"
            label={t('app.audit.filters.from')}
            value={days.from}
            onChange={(text) => setDays((now) => ({ ...now, from: text }))}
          />
          <DayField
            size="small"
            label={t('app.audit.filters.to')}
            value={days.to}
            onChange={(text) => setDays((now) => ({ ...now, to: text }))}
            problem={backwards ? t('app.audit.filters.backwards') : undefined}
          />
        </Box>
      </Paper>
      <ChangePages queryKey={['audit', filter]} fetchPage={(before) => fetchAuditPage(filter, before)} empty={t('app.audit.list.empty')} />
    </Stack>
  );
}

const AuditLogPage = () => {
  const { user } = useSession();
  const t = useT();
  return (
    <Box>
      <Title title={t('app.audit.title')} />
      {user?.role?.permission?.[AUDIT_FLAG] === true ? <AuditLog /> : <NoPermission message={t('app.audit.no_permission')} />}
    </Box>
  );
};

export default AuditLogPage;
