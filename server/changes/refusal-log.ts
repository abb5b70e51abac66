/**
 * Refusals worth knowing are recorded too: a write refused for want of a flag (403) or because its
 * program is locked (423). The row is written on its own, outside the write's transaction (which
 * rolled back), under the action `refused`, with the route and the answer's code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { resourceEntries } from '@model/schema-registry.ts';
import { Problem } from '../http/errors.ts';
import { ChangeSet } from './change-log.ts';
import { changeContextOf } from './change-context.ts';

const RECORDED_STATUSES = new Set([403, 423]);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The resource a route is about, by the name its writes are recorded under: the resource map's
 * name for the path's first segment (`/form/:id` → `custom-form`), else the segment itself.
 */
function resourceNamer(): (url: string) => string {
  const byPath = new Map(resourceEntries().map(([name, entry]) => [entry.path, name]));
  return (url) => {
    const segment = url.split('/').find((part) => part !== '') ?? 'unknown';
    return byPath.get(segment) ?? segment;
  };
}

export function recordRefusals(app: FastifyInstance, ctx: AppContext): void {
  const resourceOf = resourceNamer();
  app.addHook('onError', async (request: FastifyRequest, _reply, error) => {
    if (!(error instanceof Problem) || !RECORDED_STATUSES.has(error.status) || READS.has(request.method)) return;
    // A public route (sign-in) records its own failures, with what it knows of them.
    const permission = request.routeOptions.config?.permission;
    if (permission && 'public' in permission) return;
    const url = request.routeOptions.url ?? request.url;
    const id = (request.params as Record<string, string> | undefined)?.id;
    const changes = new ChangeSet();
    changes.add({
      resource: resourceOf(url),
      ...(id ? { recordId: id } : {}),
      action: 'refused',
      revises: false,
      fields: { route: [null, `${request.method} ${url}`], status: [null, error.status], code: [null, error.code] },
    });
    try {
      await ctx.db.transaction().execute((trx) => changes.flush(trx, changeContextOf(request)));
    } catch (err) {
      // The refusal is answered all the same; a log that cannot be written is said in the server's log.
      request.log.error({ err }, 'the change log could not record a refusal');
    }
  });
}
