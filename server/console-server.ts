/**
 * Serves the built console (dist/console) and /config.json, which tells the browser where the
 * auth and api servers are and where maps come from (tiles, and the Google Maps key when one is
 * set): one build, any pair of servers.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { projectRoot, type Config } from './config.ts';
import { consolePolicy } from './http/content-security-policy.ts';
import { addSecurityHeaders } from './http/security-headers.ts';
import type { MapTiles } from '@model/map-tiles.ts';

export const consoleDist = path.join(projectRoot, 'dist', 'console');

export interface ConsoleConfig {
  authUrl?: string;
  apiUrl?: string;
  authPort: number;
  apiPort: number;
  /** Only when one is configured: the document drawer then draws geo-locations on a Google map. */
  googleMapsApiKey?: string;
  /** The tiles every other map draws; null: maps are off (MAP_TILES_URL=none). */
  mapTiles?: MapTiles | null;
}

export function consoleConfig(config: Config): ConsoleConfig {
  return {
    authUrl: config.authUrl,
    apiUrl: config.apiUrl,
    authPort: config.authPort,
    apiPort: config.apiPort,
    // MAP_TILES_URL=none turns every map off, Google's included.
    ...(config.googleMapsApiKey && config.mapTiles ? { googleMapsApiKey: config.googleMapsApiKey } : {}),
    mapTiles: config.mapTiles,
  };
}

export async function createConsoleServer(config: Config, root = consoleDist): Promise<FastifyInstance> {
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error('The console is not built (dist/console is missing): run `npm run build` or `npm start`.');
  }
  const app = Fastify({ logger: { level: config.logLevel } });
  // The page holds the session token: it may not be framed by another site, and its
  // Content-Security-Policy (worked out per request, from the host asked for) is set below.
  addSecurityHeaders(app, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, frameguard: { action: 'deny' } });
  app.addHook('onSend', async (request, reply) => {
    reply.header(
      'content-security-policy',
      consolePolicy(consoleConfig(config), { protocol: `${request.protocol}:`, hostname: request.hostname }),
    );
  });
  app.get('/config.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return consoleConfig(config);
  });
  // wildcard: files are looked up per request, so a rebuild while running is served at once.
  await app.register(fastifyStatic, { root, wildcard: true, index: 'index.html' });
  // Client-side routes (/login, /designation, ...) all load the single page.
  app.setNotFoundHandler((request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path.extname(request.url.split('?')[0])) {
      return reply.status(404).send({ message: 'Not found', code: 'NO_ROUTE' });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  return app;
}
