/**
 * One POST of an event to a webhook's URL: the JSON body signed with the webhook's secret
 * (`X-Fieldbase-Signature: sha256=<hex HMAC-SHA256 of the body>`, as GitHub's
 * X-Hub-Signature-256), its event and delivery id in headers of their own so a receiver can
 * route and deduplicate without parsing. Redirects are not followed (a redirect could lead to a
 * refused address). What it answers is kept short for the delivery log.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, hostOf, isRefusedAddress, RefusedAddress } from './webhook-address.ts';

export const SIGNATURE_HEADER = 'x-fieldbase-signature';
/** How long a receiver has to answer. */
const TIMEOUT_MS = 10_000;
/** What of the answer the delivery log keeps. */
const ANSWER_CHARS = 1_000;

export const signature = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export interface PostOutcome {
  /** The receiver's status, when it answered. */
  status?: number;
  /** The start of its answer, or why there was none. */
  answer: string;
  ok: boolean;
  ms: number;
}

export interface WebhookPost {
  url: string;
  secret: string;
  event: string;
  deliveryId: string;
  body: string;
  allowPrivate: boolean;
}

export async function postEvent(post: WebhookPost): Promise<PostOutcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let target: URL;
  try {
    target = new URL(post.url);
  } catch {
    return { ok: false, answer: 'The URL is not valid', ms: 0 };
  }
  const host = hostOf(target);
  // A literal address is not looked up: checked here instead of by the socket's lookup.
  if (!post.allowPrivate && isIP(host) && isRefusedAddress(host)) {
    return { ok: false, answer: new RefusedAddress(host, host).message, ms: 0 };
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        lookup: guardedLookup(post.allowPrivate) as never,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(post.body),
          'user-agent': 'Fieldbase-Webhooks/1',
          'x-fieldbase-event': post.event,
          'x-fieldbase-delivery': post.deliveryId,
          [SIGNATURE_HEADER]: signature(post.secret, post.body),
        },
      },
      (response) => {
        let answer = '';
        const status = response.statusCode ?? 0;
        const done = () => {
          clearTimeout(deadline);
          // PostgreSQL keeps no NUL in text: the log would refuse the answer, and the delivery with it.
          resolve({
            status,
            ok: status >= 200 && status < 300,
            answer: answer.slice(0, ANSWER_CHARS).replaceAll('\u0000', '\uFFFD'),
            ms: ms(),
          });
        };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          answer += chunk;
          // Enough of it for the log: the rest is not waited for.
          if (answer.length >= ANSWER_CHARS) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    // A whole-request deadline (the socket's own timeout only counts silence: a receiver trickling
    // a byte now and then would hold the delivery past its lease, and it would be sent twice).
    const deadline = setTimeout(() => request.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    request.on('error', (err) => {
      clearTimeout(deadline);
      resolve({ ok: false, answer: err.message.replaceAll('\u0000', '\uFFFD'), ms: ms() });
    });
    request.end(post.body);
  });
}
