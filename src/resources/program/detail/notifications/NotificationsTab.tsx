/**
 * Notifications sent to the program's team, newest first: title, content, who sent it and when
 * (DD/MM/YYYY HH:MM); send, edit and remove for a role with can_send_program_notifications while
 * the program is unlocked. 5, 10, 25 or All a page.
 */
import { useState } from 'react';
import { Alert, Box, Button, Card, CircularProgress, Divider, IconButton, List, ListItem, Stack, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { programCalls, type FullProgram } from '../../../../providers/program-calls';
import { formatDateTime } from '../../../generic/date-time';
import { useProgramAccess } from '../../program-access';
import { DetailPager } from '../parts/DetailPager';
import { usePaged } from '../parts/paging';
import { ConfirmRemove } from '../parts/ConfirmRemove';
import { TabHeading } from '../parts/TabHeading';
import { failureMessage } from '../parts/failure';
import { useProgramAction } from '../parts/use-program-action';
import { useNotifications, type SentNotification } from './notification-query';
import { NotificationDialog, type NotificationDialogState } from './NotificationDialog';
import { useT, type Translate } from '../../../../i18n/use-t';

const NO_ROWS: SentNotification[] = [];

const sender = (t: Translate, { created_by: by }: SentNotification) =>
  by ? `${by.first_name ?? ''} ${by.last_name ?? ''}`.trim() : t('app.program.notifications.former_user');

export const NotificationsTab = ({ program }: { program: FullProgram }) => {
  const access = useProgramAccess(program);
  const t = useT();
  const maySend = access.can('can_send_program_notifications') && !access.locked;
  const notifications = useNotifications(program._id);
  const paged = usePaged(notifications.data ?? NO_ROWS);
  const [dialog, setDialog] = useState<NotificationDialogState>(null);
  const [removing, setRemoving] = useState<SentNotification | null>(null);
  const action = useProgramAction(program._id);

  const remove = async (notification: SentNotification) => {
    await action.run(() => programCalls.deleteNotification(notification._id), {
      success: 'app.program.notifications.removed',
      failure: 'app.program.notifications.remove_failed',
    });
    setRemoving(null);
  };

  let body;
  if (notifications.error)
    body = (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={() => void notifications.refetch()}>
            {t('app.program.common.retry')}
          </Button>
        }
      >
        {failureMessage(notifications.error, t('app.program.notifications.load_failed'))}
      </Alert>
    );
  else if (notifications.isPending)
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={t('app.program.notifications.loading')} />
      </Box>
    );
  else if (!paged.count)
    body = (
      <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
        {t('app.program.notifications.none')}
      </Typography>
    );
  else
    body = (
      <List disablePadding aria-label={t('app.program.tabs.notifications')}>
        {paged.rows.map((notification, index) => (
          <Box key={notification._id} component="li" sx={{ listStyle: 'none' }}>
            {index > 0 && <Divider component="div" />}
            <ListItem component="div" sx={{ alignItems: 'flex-start', gap: 1, py: 1.5 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {notification.title}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', my: 0.5 }}>
                  {notification.body}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('app.program.notifications.sent_by', { name: sender(t, notification), date: formatDateTime(notification.created_at) })}
                </Typography>
              </Box>
              {maySend && (
                <Stack direction="row" spacing={0.5}>
                  <IconButton
                    size="small"
                    aria-label={t('app.program.common.edit_name', { name: notification.title })}
                    onClick={() => setDialog({ mode: 'edit', notification })}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    color="error"
                    aria-label={t('app.program.common.remove_name', { name: notification.title })}
                    onClick={() => setRemoving(notification)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Stack>
              )}
            </ListItem>
          </Box>
        ))}
      </List>
    );

  return (
    <>
      <TabHeading
        title={t('app.program.tabs.notifications')}
        action={
          maySend && (
            <Button variant="contained" startIcon={<SendIcon />} onClick={() => setDialog({ mode: 'create' })}>
              {t('app.program.notifications.send')}
            </Button>
          )
        }
      />
      <Card variant="outlined">
        {body}
        {!notifications.error && !notifications.isPending && (
          <DetailPager paged={paged} label={t('app.program.notifications.per_page')} withAll />
        )}
      </Card>
      <NotificationDialog programId={program._id} state={dialog} onClose={() => setDialog(null)} />
      <ConfirmRemove
        open={removing !== null}
        title={t('app.program.notifications.remove_title')}
        content={removing ? t('app.program.notifications.remove_content', { title: removing.title }) : ''}
        busy={action.busy}
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
};
