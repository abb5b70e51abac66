/**
 * /audit: every recorded change, newest first — sign-ins, users, roles and their flags, forms,
 * programs, documents… — filtered by a search, what was changed, the action and the days; a row
 * opens the change with each field's before and after. Older changes load on demand (the server
 * pages by keyset). For roles with can_get_audit.
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { Title } from 'react-admin';
import { useInfiniteQuery } from '@tanstack/react-query';
import { NoPermission } from '../resources/generic/NoPermission';
import { useSession } from '../session/useSession';
import { useDebouncedValue } from '../forms/widgets/use-debounced-value';
import { fetchAuditPage, type AuditFilter, type Change } from './audit-calls';
import { AUDIT_TEXT, RESOURCE_LABELS, actionLabel, subjectOf, whenText } from './audit-texts';
import { DayField } from '../shared/DayField';
import { isoDay } from '../shared/typed-day';
import { ChangeDrawer } from './ChangeDrawer';

export const AUDIT_FLAG = 'can_get_audit';

/** What a change can be about: every resource the log names, in the words of the console. */
const RESOURCES: Array<[string, string]> = [['', 'Anything'], ...Object.entries(RESOURCE_LABELS)];

/** 'Anything' and 'Any action' are choices too: shown, not an empty box. */
const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

const ACTIONS = ['', 'create', 'update', 'delete', 'publish', 'lock', 'unlock', 'sign-in', 'sign-in-failed', 'refused'];

const who = (change: Change) => change.actor_email ?? 'Nobody signed in';
const what = (change: Change) => subjectOf(change);

function ChangeTable({ changes, onOpen }: { changes: Change[]; onOpen: (change: Change) => void }) {
  return (
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Changes">
      <Table size="small" aria-label="Changes">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>Action</TableCell>
            <TableCell>What</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map((change) => (
            <TableRow key={change.seq} hover sx={{ cursor: 'pointer' }} onClick={() => onOpen(change)}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <ButtonBase
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(change);
                  }}
                  sx={{ textDecoration: 'underline', font: 'inherit' }}
                >
                  {whenText(change.at)}
                </ButtonBase>
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{who(change)}</TableCell>
              <TableCell>{actionLabel(change.action)}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{what(change)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** On a phone each change is one button: when, who, what was done to what. */
function ChangeList({ changes, onOpen }: { changes: Change[]; onOpen: (change: Change) => void }) {
  return (
    <Stack component="ul" aria-label="Changes" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {changes.map((change) => (
        <li key={change.seq}>
          <ButtonBase
            onClick={() => onOpen(change)}
            sx={{ display: 'block', width: '100%', textAlign: 'left', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {actionLabel(change.action)} · {what(change)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
              {whenText(change.at)} · {who(change)}
            </Typography>
          </ButtonBase>
        </li>
      ))}
    </Stack>
  );
}

function AuditLog() {
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
  const [open, setOpen] = useState<Change | null>(null);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const pages = useInfiniteQuery({
    queryKey: ['audit', filter],
    queryFn: ({ pageParam }) => fetchAuditPage(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
  const changes = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const set = (key: 'resource' | 'action') => (event: { target: { value: string } }) =>
    setChoice((now) => ({ ...now, [key]: event.target.value || undefined }));

  return (
    <Stack spacing={2.5} sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {AUDIT_TEXT.title}
      </Typography>
      <Paper variant="outlined" component="section" aria-label="Filters" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: '2fr repeat(4, 1fr)' } }}>
          <TextField
            size="small"
            label="Search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            helperText="E-mail, record or action"
          />
          <TextField size="small" select label="About" value={choice.resource ?? ''} onChange={set('resource')} slotProps={showEmpty}>
            {RESOURCES.map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" select label="Action" value={choice.action ?? ''} onChange={set('action')} slotProps={showEmpty}>
            {ACTIONS.map((action) => (
              <MenuItem key={action} value={action}>
                {action ? actionLabel(action) : 'Any action'}
              </MenuItem>
            ))}
          </TextField>
          <DayField size="small" label="From" value={days.from} onChange={(text) => setDays((now) => ({ ...now, from: text }))} />
          <DayField
            size="small"
            label="To"
            value={days.to}
            onChange={(text) => setDays((now) => ({ ...now, to: text }))}
            problem={backwards ? AUDIT_TEXT.backwards : undefined}
          />
        </Box>
      </Paper>
      {pages.isError && <Alert severity="error">{(pages.error as Error).message}</Alert>}
      {pages.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress aria-label="Loading the changes" />
        </Box>
      )}
      {pages.isSuccess && changes.length === 0 && <Alert severity="info">{AUDIT_TEXT.empty}</Alert>}
      {changes.length > 0 &&
        (phone ? <ChangeList changes={changes} onOpen={setOpen} /> : <ChangeTable changes={changes} onOpen={setOpen} />)}
      {pages.hasNextPage && (
        <Box>
          <Button variant="outlined" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
            {AUDIT_TEXT.older}
          </Button>
        </Box>
      )}
      <ChangeDrawer change={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

const AuditLogPage = () => {
  const { user } = useSession();
  return (
    <Box>
      <Title title={AUDIT_TEXT.title} />
      {user?.role?.permission?.[AUDIT_FLAG] === true ? <AuditLog /> : <NoPermission message={AUDIT_TEXT.noPermission} />}
    </Box>
  );
};

export default AuditLogPage;
