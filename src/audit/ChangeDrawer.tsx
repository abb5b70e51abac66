/** One change, opened from the log: who, when, from where, and each field's value before and after. */
import { Box, Drawer, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { Change } from './audit-calls';
import { actionLabel, resourceLabel, subjectOf, valueText, whenText } from './audit-texts';

export function ChangeDrawer({ change, onClose }: { change: Change | null; onClose: () => void }) {
  const fields = change ? Object.entries(change.fields) : [];
  return (
    <Drawer
      anchor="right"
      open={change !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 } }, role: 'dialog', 'aria-labelledby': 'change-title' } }}
    >
      {change && (
        <Stack spacing={2} sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
            <Typography id="change-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              {actionLabel(change.action)} · {subjectOf(change)}
            </Typography>
            <IconButton aria-label="Close" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Table size="small" aria-label="About this change">
            <TableBody>
              {[
                ['When', whenText(change.at)],
                ['Who', change.actor_email ? `${change.actor_email} (${change.actor_role ?? 'no role'})` : 'Nobody signed in'],
                ['From', [change.client, change.address].filter(Boolean).join(', ') || '—'],
                [
                  'Record',
                  change.record_id
                    ? `${resourceLabel(change.resource)} ${change.record_id}${change.revision ? ` (change ${change.revision})` : ''}`
                    : '—',
                ],
                ['Program', change.program_name ?? change.program_id ?? '—'],
              ].map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: 110 }}>
                    {label}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {fields.length === 0 ? 'No field changed' : fields.length === 1 ? '1 field changed' : `${fields.length} fields changed`}
          </Typography>
          {fields.length > 0 && (
            <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Fields changed">
              <Table size="small" aria-label="Before and after">
                <TableHead>
                  <TableRow>
                    <TableCell>Field</TableCell>
                    <TableCell>Before</TableCell>
                    <TableCell>After</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {fields.map(([name, [before, after]]) => (
                    <TableRow key={name}>
                      <TableCell component="th" scope="row" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                        {name}
                      </TableCell>
                      <TableCell sx={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>{valueText(before)}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>{valueText(after)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
