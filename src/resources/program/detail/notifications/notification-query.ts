/** A program's notifications, newest first (GET notification/all/{programId}). */
import { useQuery } from '@tanstack/react-query';
import { programCalls, type NotificationRecord } from '../../../../providers/program-calls';
import { notificationsQueryKey } from '../program-query';

export type SentNotification = NotificationRecord;

export function useNotifications(programId: string) {
  return useQuery({
    queryKey: notificationsQueryKey(programId),
    queryFn: async () => programCalls.getNotifications(programId),
  });
}
