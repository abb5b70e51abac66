/**
 * The Support page's routes on the api server: the version and the system's health (database
 * size, jobs waiting and failed, disk free under DATA_DIR) for can_see_support, and the README,
 * which the page links to, as open as the /docs pages beside it.
 */
import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { projectRoot } from '../config.ts';
import { isPublic, needsFlag } from '../http/permissions.ts';
import { systemHealth } from './system-health.ts';
import { fileStoresWhere } from '../files/file-stores.ts';

export const SUPPORT_FLAG = 'can_see_support';
const tags = ['Support'];
const count = { type: 'integer', minimum: 0 };

const healthAnswer = {
  type: 'object',
  title: 'System health',
  additionalProperties: false,
  required: ['version', 'database', 'jobs', 'disk', 'files'],
  properties: {
    version: { type: 'string', description: 'The version in package.json' },
    database: {
      type: 'object',
      additionalProperties: false,
      required: ['bytes'],
      properties: { bytes: count },
    },
    jobs: {
      type: 'object',
      additionalProperties: false,
      required: ['waiting', 'running', 'failed'],
      properties: { waiting: count, running: count, failed: count },
      description: 'Background jobs (pg-boss) by state',
    },
    disk: {
      type: 'object',
      additionalProperties: false,
      required: ['path', 'free_bytes', 'total_bytes'],
      properties: {
        path: { type: 'string', description: 'DATA_DIR' },
        free_bytes: count,
        total_bytes: count,
      },
    },
    files: {
      type: 'object',
      additionalProperties: false,
      required: ['where'],
      properties: {
        where: {
          type: 'string',
          description: "Where uploads and exports are kept: folders on the disk, or 'S3, <address>/<bucket>' (S3_URL, without its key)",
        },
      },
    },
  },
};

export function supportRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/support',
    {
      config: { permission: needsFlag(SUPPORT_FLAG) },
      schema: {
        tags,
        summary: "The version and the system's health",
        response: { 200: healthAnswer },
      },
    },
    async () => systemHealth(ctx.db, ctx.config.dataDir, fileStoresWhere(ctx)),
  );

  app.get(
    '/readme',
    {
      config: {
        permission: isPublic('the operator documentation, as open as the /docs pages'),
      },
      schema: {
        tags,
        summary: 'The README (Markdown, as plain text): setup, configuration and how Fieldbase works',
        produces: ['text/plain'],
      },
    },
    async (_request, reply) => {
      const text = await readFile(path.join(projectRoot, 'README.md'), 'utf8');
      return reply
        .type('text/plain; charset=utf-8')
        .header('Content-Security-Policy', 'sandbox')
        .header('X-Content-Type-Options', 'nosniff')
        .send(text);
    },
  );
}
