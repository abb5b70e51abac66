/** A webhook's delivery log as the console shows it: its newest deliveries, each with every attempt. */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

const SHOWN = 50;

const attempt = {
  type: 'object',
  required: ['attempt', 'at', 'answer', 'ms'],
  properties: {
    attempt: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    status: { type: ['integer', 'null'], description: "The receiver's HTTP status; null when it could not be reached" },
    answer: { type: 'string', description: 'The start of its answer (1,000 characters), or why there was none' },
    ms: { type: 'integer' },
  },
} as const;

export const DELIVERY_LIST = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'event', 'seq', 'status', 'attempts', 'created_at', 'tries'],
    properties: {
      id: { type: 'string' },
      event: { type: 'string' },
      seq: { type: 'integer', description: "The change's place in the change log" },
      record_id: { type: ['string', 'null'] },
      status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
      attempts: { type: 'integer' },
      next_attempt_at: { type: ['string', 'null'], format: 'date-time', description: 'When a pending delivery is tried next' },
      delivered_at: { type: ['string', 'null'], format: 'date-time' },
      created_at: { type: 'string', format: 'date-time' },
      tries: { type: 'array', items: attempt },
    },
  },
} as const;

export async function deliveriesOf(db: Db, webhookId: string): Promise<unknown[]> {
  const { rows } = await sql`
    select d.id, d.event, d.seq, d.payload->>'record_id' as record_id, d.status, d.attempts,
      case when d.status = 'pending' then d.next_attempt_at end as next_attempt_at, d.delivered_at, d.created_at,
      coalesce((select json_agg(json_build_object('attempt', a.attempt, 'at', a.at, 'status', a.status, 'answer', a.answer, 'ms', a.ms)
                order by a.attempt) from webhook_attempts a where a.delivery_id = d.id), '[]'::json) as tries
    from webhook_deliveries d where d.webhook_id = ${webhookId}
    order by d.seq desc limit ${SHOWN}`.execute(db);
  return rows;
}
