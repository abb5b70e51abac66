import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { isPublic } from './permissions.ts';
import { problems } from './errors.ts';
import { migrationsDone } from '../db/migrate.ts';

/** GET /health: the server is up and its database answers (used by `npm start` and deployments). */
export function healthRoute(app: FastifyInstance, ctx: AppContext, name: string) {
  app.get(
    '/health',
    {
      config: { permission: isPublic('liveness probe') },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['ok', 'server'],
            properties: { ok: { type: 'boolean', enum: [true] }, server: { type: 'string', enum: ['auth', 'api'] } },
          },
        },
      },
    },
    async () => {
      await sql`select 1`.execute(ctx.db);
      return { ok: true, server: name };
    },
  );
}

/**
 * GET /ready, for a load balancer choosing the instances to send requests to: the database
 * answers and has every migration this server's code needs. While the server stops (SIGTERM),
 * Fastify answers 503 to every new request, this one included, and finishes those in flight.
 */
export function readyRoute(app: FastifyInstance, ctx: AppContext, name: string) {
  app.get(
    '/ready',
    {
      config: {
        permission: isPublic('readiness probe'),
        errors: {
          codes: { 503: ['NOT_READY'] },
          notes: { 503: 'The database does not answer or lacks a migration this server needs, or the server is stopping' },
        },
      },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and is migrated for this server',
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['ready', 'server'],
            properties: { ready: { type: 'boolean', enum: [true] }, server: { type: 'string', enum: ['auth', 'api'] } },
          },
        },
      },
    },
    async () => {
      let migrated: boolean;
      try {
        migrated = await migrationsDone(ctx.db);
      } catch {
        throw problems.notReady('its database does not answer');
      }
      if (!migrated) throw problems.notReady('its database is not migrated yet');
      return { ready: true, server: name };
    },
  );
}
