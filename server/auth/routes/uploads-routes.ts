/** Multipart parsing for the photo route, and GET /uploads/users/... serving stored photos back. */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppContext } from '../../context.ts';
import { PHOTO_MAX_BYTES, PHOTOS_FOLDER } from '../photos.ts';
import { serveUploads } from '../../uploads/public-uploads.ts';

export async function uploadsRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 2, fields: 10, fieldSize: 1024 } });
  // Photos only: other folders of UPLOADS_DIR (permission files, view list files) are answered by their own guarded routes.
  serveUploads(app, ctx.files, PHOTOS_FOLDER);
}
