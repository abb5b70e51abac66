import { Notification } from 'react-admin';

/** Toasts appear top right and hide after 4 seconds (spec 1 §8, §9). */
export const TOAST_MS = 4000;

export const AppNotification = () => (
  <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={TOAST_MS} />
);
