/**
 * Where maps draw their tiles from: MAP_TILES_URL, a Leaflet URL template such as
 * `https://tile.openstreetmap.org/{z}/{x}/{y}.png` ({s} for a subdomain allowed), by default the
 * OpenStreetMap tile server; `none` turns every map off. Read by the servers (the console's
 * /config.json and its Content-Security-Policy, which allows the tile host only while maps are
 * on) and by Vite's dev server; relative imports only, since Vite loads its config without our alias.
 */
export const DEFAULT_MAP_TILES_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION = '© OpenStreetMap contributors';

export interface MapTiles {
  url: string;
  attribution: string;
}

/**
 * The tile settings from the environment; null when MAP_TILES_URL is `none`. A template that is
 * no http(s) address with {z}, {x} and {y} stops the start with a sentence saying so.
 */
export function mapTilesFromEnv(env: { MAP_TILES_URL?: string; MAP_TILES_ATTRIBUTION?: string }): MapTiles | null {
  const url = env.MAP_TILES_URL?.trim() || DEFAULT_MAP_TILES_URL;
  if (url.toLowerCase() === 'none') return null;
  const problem = `MAP_TILES_URL must be an http(s) tile address with {z}, {x} and {y} (e.g. ${DEFAULT_MAP_TILES_URL}) or none, got "${url}"`;
  if (!['{z}', '{x}', '{y}'].every((part) => url.includes(part))) throw new Error(problem);
  let origin: string;
  try {
    origin = tileOrigin(url);
  } catch {
    throw new Error(problem);
  }
  if (!/^https?:\/\//.test(origin)) throw new Error(problem);
  return {
    url,
    attribution: env.MAP_TILES_ATTRIBUTION?.trim() || DEFAULT_MAP_ATTRIBUTION,
  };
}

/**
 * The origin tiles come from, as a CSP source: `{s}` (a subdomain that varies per tile) becomes
 * `*`, so `https://{s}.tile.example.org/…` allows `https://*.tile.example.org`.
 */
export function tileOrigin(template: string): string {
  const placeholder = 'subdomain-placeholder';
  const origin = new URL(template.replaceAll('{s}', placeholder).replace(/\{[a-z]+\}/gi, '0')).origin;
  return origin.replace(placeholder, '*');
}
