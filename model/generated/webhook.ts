/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/webhook.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * An address outside Fieldbase told of the changes it asks for: each event is POSTed to it as JSON, signed with its secret (X-Fieldbase-Signature: sha256=<HMAC of the body>), and sent again with growing pauses until it is accepted. A paused webhook keeps its events and sends them, in order, once it is active again.
 */
export interface Webhook {
  _id?: string;
  name: string;
  /**
   * Where each event is POSTed: an http:// or https:// address.
   */
  url: string;
  /**
   * The changes this address is told of.
   */
  events: {
    'document.created'?: boolean;
    'document.updated'?: boolean;
    'document.processed'?: boolean;
    'document.deleted'?: boolean;
    'form.published'?: boolean;
    'program.created'?: boolean;
    'program.updated'?: boolean;
    'program.locked'?: boolean;
    'program.unlocked'?: boolean;
    'user.created'?: boolean;
    'user.updated'?: boolean;
    'user.deleted'?: boolean;
  };
  /**
   * Signs each event, so the receiver can tell it came from here. Never shown again once saved; leave it empty on an edit to keep it.
   */
  secret?: string;
  status?: boolean;
  createdAt?: string;
  updatedAt?: string;
}
