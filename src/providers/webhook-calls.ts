/** The webhook calls react-admin's CRUD does not cover: the delivery log, the test ping and "send again". */
import { serverUrl } from '../config/runtime-config';
import { fetchWithSession } from './http-client';

export interface DeliveryAttempt {
  attempt: number;
  at: string;
  /** The receiver's HTTP status; null when it could not be reached. */
  status: number | null;
  answer: string;
  ms: number;
}

export interface Delivery {
  id: string;
  event: string;
  seq: number;
  record_id: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  tries: DeliveryAttempt[];
}

export interface TestAnswer {
  ok: boolean;
  status?: number;
  answer: string;
  ms: number;
}

const webhookUrl = (path: string) => `${serverUrl('api')}/webhook/${path}`;

export const webhookDeliveries = async (id: string): Promise<Delivery[]> =>
  (await fetchWithSession<Delivery[]>(webhookUrl(`${encodeURIComponent(id)}/deliveries`))).json;

export const testWebhook = async (id: string): Promise<TestAnswer> =>
  (await fetchWithSession<TestAnswer>(webhookUrl(`${encodeURIComponent(id)}/test`), { method: 'POST' })).json;

export const sendDeliveryAgain = async (deliveryId: string): Promise<void> => {
  await fetchWithSession(webhookUrl(`delivery/${encodeURIComponent(deliveryId)}/resend`), { method: 'POST' });
};
