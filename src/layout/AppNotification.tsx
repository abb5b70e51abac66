import { useMemo } from 'react';
import { Notification, NotificationContext, useNotificationContext } from 'react-admin';

/** Toasts appear top right and hide after 4 seconds (spec 1 §8, §9). */
export const TOAST_MS = 4000;

/** A toast shown while a success waits behind it hides at once (MUI re-arms its timer when the duration changes). */
const AT_ONCE_MS = 1;

/**
 * react-admin queues toasts: a newer one waits until the one on screen has run its 4 seconds,
 * so 'User updated' would show under a stale error. Here a success that arrives ends the toast
 * on screen at once and goes next, and what was queued before it is dropped as stale. Other
 * toasts still queue: a form's "not valid" warning must not wipe out the server's error.
 */
export const AppNotification = () => {
  const context = useNotificationContext();
  const { notifications, setNotifications } = context;
  const newestSuccess = notifications.findLastIndex((n) => n.type === 'success');
  // What react-admin's Notification sees: the queue from the newest success on.
  const view = useMemo(() => {
    if (newestSuccess <= 0) return context;
    const next = notifications[newestSuccess]!;
    return {
      ...context,
      notifications: notifications.slice(newestSuccess),
      takeNotification: () => {
        setNotifications((queue) => queue.slice(queue.indexOf(next) + 1));
        return next;
      },
    };
  }, [context, notifications, newestSuccess, setNotifications]);
  return (
    <NotificationContext.Provider value={view}>
      <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={newestSuccess >= 0 ? AT_ONCE_MS : TOAST_MS} />
    </NotificationContext.Provider>
  );
};
