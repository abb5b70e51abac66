import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { isPublic } from './permissions.ts';

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
