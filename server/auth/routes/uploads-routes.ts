/** Multipart parsing for the photo route, and GET /uploads/... serving stored photos back. */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppContext } from '../../context.ts';
import { PHOTO_MAX_BYTES, UPLOADS_ROUTE } from '../photos.ts';
import { serveUploads } from '../../http/public-uploads.ts';

export async function uploadsRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 2, fields: 10, fieldSize: 1024 } });
  await serveUploads(app, ctx.config.uploadsDir, UPLOADS_ROUTE);
}
