/** One change, opened from the log: who, when, from where, and each field's value before and after. */
import { Box, Drawer, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { Change } from './audit-calls';
import { actionLabel, resourceLabel, subjectOf, valueText, whenText } from './audit-texts';
import { useT, type Translate } from '../i18n/use-t';

/** The changed record: "Program 42", with the change's revision when it has one ("Program 42 (change 3)"). */
function recordText(t: Translate, change: Change): string {
  const record = t('app.audit.subject.by_id', { label: resourceLabel(t, change.resource), id: change.record_id });
  return change.revision ? t('app.audit.change.record_revision', { record, revision: change.revision }) : record;
}

export function ChangeDrawer({ change, onClose }: { change: Change | null; onClose: () => void }) {
  const t = useT();
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
              {actionLabel(t, change.action)} · {subjectOf(t, change)}
            </Typography>
            <IconButton aria-label={t('ra.action.close')} onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Table size="small" aria-label={t('app.audit.change.about')}>
            <TableBody>
              {[
                [t('app.audit.change.when'), whenText(change.at)],
                [
                  t('app.audit.change.who'),
                  change.actor_email
                    ? t('app.audit.change.actor', { email: change.actor_email, role: change.actor_role ?? t('app.audit.change.no_role') })
                    : t('app.audit.nobody'),
                ],
                [t('app.audit.change.from'), [change.client, change.address].filter(Boolean).join(', ') || '—'],
                [t('app.audit.change.record'), change.record_id ? recordText(t, change) : '—'],
                [t('app.audit.change.program'), change.program_name ?? change.program_id ?? '—'],
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
            {fields.length === 0 ? t('app.audit.change.no_fields') : t('app.audit.change.fields_changed', { smart_count: fields.length })}
          </Typography>
          {fields.length > 0 && (
            <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('app.audit.change.fields_region')}>
              <Table size="small" aria-label={t('app.audit.change.before_and_after')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('app.audit.change.field')}</TableCell>
                    <TableCell>{t('app.audit.change.before')}</TableCell>
                    <TableCell>{t('app.audit.change.after')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {fields.map(([name, [before, after]]) => (
                    <TableRow key={name}>
                      <TableCell component="th" scope="row" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                        {name}
                      </TableCell>
                      <TableCell sx={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>{valueText(t, before)}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>{valueText(t, after)}</TableCell>
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
