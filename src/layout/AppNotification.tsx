import { Notification, useNotificationContext } from 'react-admin';

/** Toasts appear top right and hide after 4 seconds (spec 1 §8, §9). */
export const TOAST_MS = 4000;

/**
 * react-admin queues toasts: a newer one waits until the one on screen has run its 4 seconds,
 * so 'User updated' would show under a stale error. A success that arrives closes the toast
 * on screen at once (closing lets react-admin's own queue move on to it). Other toasts still
 * queue: a form's "not valid" warning must not wipe out the server's error that caused it.
 */
export const AppNotification = () => {
  const { notifications } = useNotificationContext();
  const successWaiting = notifications.some((n) => n.type === 'success');
  return (
    <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={TOAST_MS} {...(successWaiting ? { open: false } : {})} />
  );
};
