/** Multipart parsing for the photo route, and GET /uploads/users/... serving stored photos back. */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { mkdir } from 'node:fs/promises';
import type { AppContext } from '../../context.ts';
import { PHOTO_MAX_BYTES, PHOTOS_FOLDER, UPLOADS_ROUTE } from '../photos.ts';

export async function uploadsRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 2, fields: 10, fieldSize: 1024 } });
  await mkdir(ctx.config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: ctx.config.uploadsDir,
    prefix: UPLOADS_ROUTE,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    // Photos only: other folders of UPLOADS_DIR (permission files, list view files) are answered by their own guarded routes.
    allowedPath: (pathName) => pathName.startsWith(`/${PHOTOS_FOLDER}/`),
    maxAge: '1h',
  });
}
