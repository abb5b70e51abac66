import { Notification, useNotificationContext } from 'react-admin';

/** Toasts appear top right and hide after 4 seconds (spec 1 §8, §9). */
export const TOAST_MS = 4000;

/**
 * react-admin queues toasts: a newer one waits until the one on screen has run its 4 seconds,
 * so 'User updated' would show under a stale error. Here a newer toast closes the one showing
 * at once (closing lets react-admin's own queue move on to it).
 */
export const AppNotification = () => {
  const { notifications } = useNotificationContext();
  const newerWaiting = notifications.length > 0;
  return (
    <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={TOAST_MS} {...(newerWaiting ? { open: false } : {})} />
  );
};
