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

const REFRESH_MS = 5_000;

const STATUS_CHIP: Record<Delivery['status'], { label: string; color: 'success' | 'warning' | 'error' }> = {
  delivered: { label: 'Delivered', color: 'success' },
  pending: { label: 'Waiting', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
};

const StatusChip = ({ delivery }: { delivery: Delivery }) => {
  const { label, color } = STATUS_CHIP[delivery.status];
  return <Chip size="small" variant="outlined" color={color} label={label} />;
};

/** Each attempt's answer in order ("500, 500, 200"; "—" where nothing answered), and when the next try is due. */
function attemptsText(delivery: Delivery): string {
  const answers = delivery.tries.map((a) => (a.status === null ? '—' : String(a.status))).join(', ');
  const next = delivery.status === 'pending' && delivery.next_attempt_at ? `; next try ${formatDateTime(delivery.next_attempt_at)}` : '';
  return `${delivery.attempts}${answers ? ` (${answers})` : ''}${next}`;
}

const lastAnswer = (delivery: Delivery) => delivery.tries.at(-1)?.answer ?? '';

function SendAgain({ delivery, webhookId }: { delivery: Delivery; webhookId: string }) {
  const notify = useNotify();
  const client = useQueryClient();
  const again = useMutation({
    mutationFn: () => sendDeliveryAgain(delivery.id),
    onSuccess: () => {
      notify('Delivery sent again', { type: 'success' });
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
      aria-label={`Send again: ${delivery.event} of ${delivery.record_id ?? 'the record'}`}
    >
      Send again
    </Button>
  );
}

export function DeliveryLog({ id }: { id: string }) {
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
        Deliveries
      </Typography>
      {deliveries.isError && <Typography color="error">Could not load the deliveries: {deliveries.error.message}</Typography>}
      {deliveries.isSuccess && rows.length === 0 && <Typography color="text.secondary">No event has been sent yet.</Typography>}
      {rows.length > 0 && phone && (
        <Box component="ul" role="list" aria-label="Deliveries" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
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
                Happened {formatDateTime(d.created_at)}
              </Typography>
              <Typography variant="body2">Attempts: {attemptsText(d)}</Typography>
              <Typography variant="body2" color="text.secondary" noWrap title={lastAnswer(d)}>
                {lastAnswer(d)}
              </Typography>
              {canResend && <SendAgain delivery={d} webhookId={id} />}
            </Box>
          ))}
        </Box>
      )}
      {rows.length > 0 && !phone && (
        <Table size="small" aria-label="Deliveries">
          <TableHead>
            <TableRow>
              <TableCell>Event</TableCell>
              <TableCell>Record</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Attempts</TableCell>
              <TableCell>Last answer</TableCell>
              <TableCell>Happened</TableCell>
              {canResend && <TableCell>Actions</TableCell>}
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
                <TableCell>{attemptsText(d)}</TableCell>
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
