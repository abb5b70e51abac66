/**
 * The changes as rows: a table on a wide screen (the time opens the change), on a phone one
 * button per change. Shared by the Audit log and the History tabs.
 */
import {
  Box,
  ButtonBase,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { Change } from './audit-calls';
import { actionLabel, subjectOf, whenText } from './audit-texts';

const who = (change: Change) => change.actor_email ?? 'Nobody signed in';
const what = (change: Change) => subjectOf(change);

export function ChangeTable({ changes, onOpen }: { changes: Change[]; onOpen: (change: Change) => void }) {
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
export function ChangeList({ changes, onOpen }: { changes: Change[]; onOpen: (change: Change) => void }) {
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

/** The table or the list, as the screen allows. */
export function ChangeRows({ changes, onOpen }: { changes: Change[]; onOpen: (change: Change) => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return phone ? <ChangeList changes={changes} onOpen={onOpen} /> : <ChangeTable changes={changes} onOpen={onOpen} />;
}
