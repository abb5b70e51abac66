/**
 * Content-Security-Policy of the console page and of the /docs pages. The console keeps the
 * session token in localStorage: the policy lets it run only its own scripts and talk only to
 * its two servers, so injected markup can neither run code nor send the token elsewhere.
 */
// Relative, not @model: Vite loads its config (which imports this file) without our alias.
import { resolveConfig } from '../../model/server-addresses.ts';
import { tileOrigin, type MapTiles } from '../../model/map-tiles.ts';

/** What the console is told at /config.json that its policy must allow (console-server.ts). */
interface ServedConfig {
  authUrl?: string;
  apiUrl?: string;
  authPort: number;
  apiPort: number;
  googleMapsApiKey?: string;
  mapTiles?: MapTiles | null;
}

const HOSTNAME = /^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/i;

/** A Host header no browser would send is not written into the header. */
export const safeHostname = (hostname: string) => (HOSTNAME.test(hostname) ? hostname : 'localhost');

/**
 * What the Google Maps JavaScript API loads (its script, tiles, fonts and styles, Google's own
 * CSP guide), allowed only when a key is configured: without one the page draws no map and
 * loads nothing from outside.
 */
const GOOGLE_MAPS = {
  script: ['https://maps.googleapis.com', 'https://maps.gstatic.com'],
  img: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.googleusercontent.com'],
  connect: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
  worker: ['blob:'],
};

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/**
 * The servers' origins are worked out as the page itself does from /config.json (the same host
 * as the page unless AUTH_URL/API_URL say otherwise), from the host the page was asked for.
 */
export function consolePolicy(
  served: ServedConfig,
  page: { protocol: string; hostname: string },
  /** Only for Vite's dev server: its inline start-up script and its hot-reload socket. */
  dev?: { scriptNonce: string; socket: string },
): string {
  const hostname = safeHostname(page.hostname);
  const { authUrl, apiUrl } = resolveConfig(served, { protocol: page.protocol, hostname });
  const auth = new URL(authUrl).origin;
  const api = new URL(apiUrl).origin;
  const maps = served.googleMapsApiKey ? GOOGLE_MAPS : undefined;
  // Map tiles are images from the tile server, allowed only while maps are on.
  const tiles = served.mapTiles ? [tileOrigin(served.mapTiles.url)] : [];
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(dev ? [`'nonce-${dev.scriptNonce}'`] : []), ...(maps?.script ?? [])],
    // MUI (emotion) writes its styles into <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'", ...(maps?.style ?? [])],
    // User photos come from the auth server, program images from the api server; a picked photo
    // is previewed, and a document's attachment shown, from a blob: URL.
    'img-src': ["'self'", 'data:', 'blob:', ...new Set([auth, api]), ...tiles, ...(maps?.img ?? [])],
    'font-src': ["'self'", 'data:', ...(maps?.font ?? [])],
    'connect-src': ["'self'", ...new Set([auth, api]), ...(dev ? [dev.socket] : []), ...(maps?.connect ?? [])],
    ...(maps ? { 'worker-src': ["'self'", ...maps.worker] } : {}),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/** Swagger UI at /docs: its own files only; "Try it out" calls the same server. */
export const DOCS_POLICY = policy({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Swagger UI writes <style> elements at run time (code highlighting).
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});
