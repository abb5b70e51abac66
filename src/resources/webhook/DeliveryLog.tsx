/**
 * A webhook's newest deliveries: the event, the record, where it stands (delivered, waiting for
 * its next try, failed), every attempt's answer, and "Send again". Read again every few seconds
 * while a delivery is waiting.
 */
import {
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import ReplayIcon from '@mui/icons-material/Replay';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useNotify } from 'react-admin';
import { formatDateTime } from '../generic/date-time';
import { sendDeliveryAgain, webhookDeliveries, type Delivery } from '../../providers/webhook-calls';
import type { MessageKey } from '../../i18n/catalogue';
import { useT, type Translate } from '../../i18n/use-t';

const REFRESH_MS = 5_000;

const STATUS_CHIP: Record<Delivery['status'], { label: MessageKey; color: 'success' | 'warning' | 'error' }> = {
  delivered: { label: 'app.people.webhooks.delivered', color: 'success' },
  pending: { label: 'app.people.webhooks.waiting', color: 'warning' },
  failed: { label: 'app.people.webhooks.failed', color: 'error' },
};

const StatusChip = ({ delivery }: { delivery: Delivery }) => {
  const t = useT();
  const { label, color } = STATUS_CHIP[delivery.status];
  return <Chip size="small" variant="outlined" color={color} label={t(label)} />;
};

/** Each attempt's answer in order ("500, 500, 200"; "—" where nothing answered), and when the next try is due. */
function attemptsText(delivery: Delivery, t: Translate): string {
  const answers = delivery.tries.map((a) => (a.status === null ? '—' : String(a.status))).join(', ');
  const attempts = `${delivery.attempts}${answers ? ` (${answers})` : ''}`;
  return delivery.status === 'pending' && delivery.next_attempt_at
    ? t('app.people.webhooks.next_try', { attempts, when: formatDateTime(delivery.next_attempt_at) })
    : attempts;
}

const lastAnswer = (delivery: Delivery) => delivery.tries.at(-1)?.answer ?? '';

function SendAgain({ delivery, webhookId }: { delivery: Delivery; webhookId: string }) {
  const t = useT();
  const notify = useNotify();
  const client = useQueryClient();
  const again = useMutation({
    mutationFn: () => sendDeliveryAgain(delivery.id),
    onSuccess: () => {
      notify('app.people.webhooks.sent_again', { type: 'success' });
      void client.invalidateQueries({ queryKey: ['webhook-deliveries', webhookId] });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  return (
    <Button
      size="small"
      startIcon={<ReplayIcon />}
      disabled={delivery.status === 'pending' || again.isPending}
      onClick={() => again.mutate()}
      aria-label={
        delivery.record_id == null
          ? t('app.people.webhooks.send_again_label_no_record', { event: delivery.event })
          : t('app.people.webhooks.send_again_label', { event: delivery.event, record: delivery.record_id })
      }
    >
      {t('app.people.webhooks.send_again')}
    </Button>
  );
}

export function DeliveryLog({ id }: { id: string }) {
  const t = useT();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { canAccess: canResend = false } = useCanAccess({ resource: 'webhook', action: 'edit' });
  const deliveries = useQuery({
    queryKey: ['webhook-deliveries', id],
    queryFn: () => webhookDeliveries(id),
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? REFRESH_MS : false),
  });
  const rows = deliveries.data ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="webhook-deliveries" sx={{ p: { xs: 2, md: 3 }, mt: 3 }}>
      <Typography id="webhook-deliveries" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('app.people.webhooks.deliveries')}
      </Typography>
      {deliveries.isError && (
        <Typography color="error">{t('app.people.webhooks.load_failed', { message: deliveries.error.message })}</Typography>
      )}
      {deliveries.isSuccess && rows.length === 0 && <Typography color="text.secondary">{t('app.people.webhooks.none_yet')}</Typography>}
      {rows.length > 0 && phone && (
        <Box
          component="ul"
          role="list"
          aria-label={t('app.people.webhooks.deliveries')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
        >
          {rows.map((d) => (
            <Box component="li" key={d.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600 }}>{d.event}</Typography>
                <StatusChip delivery={d} />
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>
                {d.record_id}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('app.people.webhooks.happened_at', { when: formatDateTime(d.created_at) })}
              </Typography>
              <Typography variant="body2">{t('app.people.webhooks.attempts_line', { attempts: attemptsText(d, t) })}</Typography>
              <Typography variant="body2" color="text.secondary" noWrap title={lastAnswer(d)}>
                {lastAnswer(d)}
              </Typography>
              {canResend && <SendAgain delivery={d} webhookId={id} />}
            </Box>
          ))}
        </Box>
      )}
      {rows.length > 0 && !phone && (
        <Table size="small" aria-label={t('app.people.webhooks.deliveries')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('app.people.webhooks.columns.event')}</TableCell>
              <TableCell>{t('app.people.webhooks.columns.record')}</TableCell>
              <TableCell>{t('app.people.webhooks.columns.status')}</TableCell>
              <TableCell>{t('app.people.webhooks.columns.attempts')}</TableCell>
              <TableCell>{t('app.people.webhooks.columns.last_answer')}</TableCell>
              <TableCell>{t('app.people.webhooks.columns.happened')}</TableCell>
              {canResend && <TableCell>{t('app.people.webhooks.columns.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((d) => (
              <TableRow key={d.id}>
                <TableCell>{d.event}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{d.record_id}</TableCell>
                <TableCell>
                  <StatusChip delivery={d} />
                </TableCell>
                <TableCell>{attemptsText(d, t)}</TableCell>
                <TableCell sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={lastAnswer(d)}>
                  {lastAnswer(d)}
                </TableCell>
                <TableCell>{formatDateTime(d.created_at)}</TableCell>
                {canResend && (
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <SendAgain delivery={d} webhookId={id} />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
