/** A program's notifications, newest first (GET notification/all/{programId}). */
import { useQuery } from '@tanstack/react-query';
import { programCalls, type NotificationRecord } from '../../../../providers/program-calls';
import { notificationsQueryKey } from '../program-query';

/** The generated Notification type lacks `title` (codegen drops properties named "title"); the wire has it. */
export type SentNotification = NotificationRecord & { title: string };

export function useNotifications(programId: string) {
  return useQuery({
    queryKey: notificationsQueryKey(programId),
    queryFn: async () => (await programCalls.getNotifications(programId)) as SentNotification[],
  });
}
