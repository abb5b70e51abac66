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
import { useT, type Translate } from '../i18n/use-t';

const who = (t: Translate, change: Change) => change.actor_email ?? t('app.audit.nobody');

export function ChangeTable({ changes, onOpen }: { changes: Change[]; onOpen: (change: Change) => void }) {
  const t = useT();
  return (
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('app.audit.list.label')}>
      <Table size="small" aria-label={t('app.audit.list.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('app.audit.list.when')}</TableCell>
            <TableCell>{t('app.audit.list.who')}</TableCell>
            <TableCell>{t('app.audit.list.action')}</TableCell>
            <TableCell>{t('app.audit.list.what')}</TableCell>
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
              <TableCell sx={{ wordBreak: 'break-word' }}>{who(t, change)}</TableCell>
              <TableCell>{actionLabel(t, change.action)}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{subjectOf(t, change)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** On a phone each change is one button: when, who, what was done to what. */
export function ChangeList({ changes, onOpen }: { changes: Change[]; onOpen: (change: Change) => void }) {
  const t = useT();
  return (
    <Stack component="ul" aria-label={t('app.audit.list.label')} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {changes.map((change) => (
        <li key={change.seq}>
          <ButtonBase
            onClick={() => onOpen(change)}
            sx={{ display: 'block', width: '100%', textAlign: 'left', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {actionLabel(t, change.action)} · {subjectOf(t, change)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
              {whenText(change.at)} · {who(t, change)}
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
