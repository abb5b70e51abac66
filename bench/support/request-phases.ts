/**
 * Timing hooks for the list benchmark: where one request's wall time goes inside a Fastify app
 * of ours, and which queries it runs. Hooks are added after the app's own (so "auth" ends when
 * the permission guard is done) and must be installed before the app listens.
 */
import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { PreparingClient } from '../../server/db/prepared.ts';

const MARKS = ['received', 'auth', 'validated', 'handled', 'serialized', 'written'] as const;
type Mark = (typeof MARKS)[number];

const PHASES: Array<[string, Mark, Mark]> = [
  ['onRequest hooks: CORS, headers, token check, session lookup', 'received', 'auth'],
  ['query string validation, preHandler hooks', 'auth', 'validated'],
  ['handler: list parameters, count and page queries, rows', 'validated', 'handled'],
  ['serialization (JSON.stringify) and onSend hooks', 'handled', 'serialized'],
  ['writing the answer', 'serialized', 'written'],
];

export interface PhaseReport {
  phases: Array<[string, number]>;
  queriesPerRequest: number;
  queryMsPerRequest: number;
  /** Each statement (its first words) and how many times a request runs it. */
  statements: Array<[string, number]>;
}

export function instrument(app: FastifyInstance): { start(): void; stop(): PhaseReport } {
  let on = false;
  const marks = new WeakMap<IncomingMessage, Partial<Record<Mark, number>>>();
  const sums = new Map<string, number>();
  let requests = 0;
  const mark = (raw: IncomingMessage, name: Mark) => {
    const m = on ? marks.get(raw) : undefined;
    if (m && m[name] === undefined) m[name] = performance.now();
  };

  app.server.prependListener('request', (raw: IncomingMessage) => {
    if (on) marks.set(raw, { received: performance.now() });
  });
  app.addHook('onRequest', async (request) => mark(request.raw, 'auth'));
  app.addHook('preHandler', async (request) => mark(request.raw, 'validated'));
  const handled = (store: unknown) => {
    const raw = (store as { request?: { raw?: IncomingMessage } }).request?.raw;
    if (raw && marks.has(raw)) mark(raw, 'handled');
  };
  app.addHook('onSend', async (request) => mark(request.raw, 'serialized'));
  app.addHook('onResponse', async (request) => {
    const m = marks.get(request.raw);
    if (!on || !m) return;
    m.written = performance.now();
    if (MARKS.some((k) => m[k] === undefined)) return;
    requests++;
    for (const [phase, from, to] of PHASES) sums.set(phase, (sums.get(phase) ?? 0) + m[to]! - m[from]!);
  });

  let queries = 0;
  let queryMs = 0;
  const statements = new Map<string, number>();
  const plainQuery = PreparingClient.prototype.query;
  const countingQuery = function (this: unknown, config: unknown, ...rest: unknown[]) {
    const text = typeof config === 'string' ? config : ((config as { text?: string }).text ?? '');
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 90);
    statements.set(key, (statements.get(key) ?? 0) + 1);
    queries++;
    const started = performance.now();
    const result = (plainQuery as (...args: unknown[]) => unknown).call(this, config, ...rest);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(
        () => (queryMs += performance.now() - started),
        () => (queryMs += performance.now() - started),
      );
    }
    return result;
  } as typeof plainQuery;

  return {
    start() {
      on = true;
      diagnostics.subscribe('tracing:fastify.request.handler:asyncStart', handled);
      PreparingClient.prototype.query = countingQuery;
    },
    stop() {
      on = false;
      diagnostics.unsubscribe('tracing:fastify.request.handler:asyncStart', handled);
      PreparingClient.prototype.query = plainQuery;
      const n = Math.max(requests, 1);
      return {
        phases: PHASES.map(([phase]) => [phase, (sums.get(phase) ?? 0) / n]),
        queriesPerRequest: queries / n,
        queryMsPerRequest: queryMs / n,
        statements: [...statements.entries()].map(([s, count]): [string, number] => [s, count / n]).sort((a, b) => b[1] - a[1]),
      };
    },
  };
}
