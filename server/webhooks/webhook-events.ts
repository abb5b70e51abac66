/**
 * The events a webhook may ask for (the flags of the schema's `events`, so the console's
 * checklist, validation and this list cannot drift) and which change-log rows each is.
 * A record's first revision is `<subject>.created`, a `delete` is `.deleted`, a named action
 * (`lock`, `publish`, `process`) is its own past tense, and any other change is `.updated`.
 * The change log is the outbox: a row is there exactly when its write committed, in commit order.
 */
import { resourceSchema, type PropertySchema } from '@model/schema-registry.ts';
import type { Webhook } from '@model/generated/index.ts';

export type WebhookEvent = keyof NonNullable<Webhook['events']>;

const eventsProperty = resourceSchema('webhook').properties.events as PropertySchema;
export const WEBHOOK_EVENTS = Object.keys(eventsProperty.properties ?? {}) as WebhookEvent[];

/** The change log's resource names as events name their subject. */
const SUBJECTS: Record<string, string> = { document: 'document', 'custom-form': 'form', program: 'program', user: 'user' };

/** Named actions and the event word each becomes; any other action of a record already made is `updated`. */
const NAMED: Record<string, string> = { delete: 'deleted', publish: 'published', lock: 'locked', unlock: 'unlocked', process: 'processed' };

/** What a change row needs to be named as an event. */
export interface ChangeRow {
  resource: string;
  action: string;
  revision: number | null;
  record_id: string | null;
}

/** The event a change is, if it is one a webhook may ask for. */
export function eventOf(change: ChangeRow): WebhookEvent | undefined {
  const subject = SUBJECTS[change.resource];
  if (!subject || change.record_id === null) return undefined;
  const word = NAMED[change.action] ?? (change.revision === 1 ? 'created' : 'updated');
  const event = `${subject}.${word}` as WebhookEvent;
  return WEBHOOK_EVENTS.includes(event) ? event : undefined;
}

/** The events a webhook's `events` flags ask for. */
export const askedFor = (events: Webhook['events'] | null | undefined): WebhookEvent[] =>
  WEBHOOK_EVENTS.filter((event) => events?.[event] === true);
