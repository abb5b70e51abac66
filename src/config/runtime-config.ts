/**
 * Where the auth and api servers are, read at run time from /config.json (served beside
 * index.html), so one build can be pointed at any pair of servers; also where maps come from:
 * the tile server, and the Google Maps key when the deployment has one.
 */
import { resolveConfig, type ServedConfig, type ServerAddresses } from '@model/server-addresses';
import { DEFAULT_MAP_ATTRIBUTION, DEFAULT_MAP_TILES_URL, type MapTiles } from '@model/map-tiles';

export type RuntimeConfig = ServerAddresses & {
  /** Set only when GOOGLE_MAPS_API_KEY is: geo-locations are then drawn on a Google map. */
  googleMapsApiKey?: string;
  /** The tiles maps draw; null when the installation turned maps off (MAP_TILES_URL=none). */
  mapTiles?: MapTiles | null;
};

const DEFAULT_TILES: MapTiles = { url: DEFAULT_MAP_TILES_URL, attribution: DEFAULT_MAP_ATTRIBUTION };

function servedTiles(value: unknown): MapTiles | null {
  if (value === null) return null;
  const tiles = value as Partial<MapTiles> | undefined;
  return typeof tiles?.url === 'string' ? { url: tiles.url, attribution: String(tiles.attribution ?? '') } : DEFAULT_TILES;
}

let current: RuntimeConfig | undefined;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  let served: ServedConfig & { googleMapsApiKey?: unknown; mapTiles?: unknown } = {};
  try {
    const response = await fetch('/config.json', { cache: 'no-store' });
    if (response.ok) served = await response.json();
  } catch {
    // No config.json (e.g. `vite` alone): fall back to the default ports on this host.
  }
  const key = typeof served.googleMapsApiKey === 'string' ? served.googleMapsApiKey.trim() : '';
  current = {
    ...resolveConfig(served, window.location),
    ...(key ? { googleMapsApiKey: key } : {}),
    mapTiles: servedTiles(served.mapTiles),
  };
  return current;
}

export function setRuntimeConfig(config: RuntimeConfig) {
  current = config;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config not loaded yet');
  return current;
}

export const serverUrl = (server: 'auth' | 'api') => (server === 'auth' ? runtimeConfig().authUrl : runtimeConfig().apiUrl);

/** The Google Maps key, or undefined when none is configured (no map is drawn then). */
export const googleMapsApiKey = (): string | undefined => current?.googleMapsApiKey;

/** The tiles maps draw, or null when maps are off. Not told (a config of an older server): OpenStreetMap's. */
export const mapTiles = (): MapTiles | null => (current?.mapTiles === undefined ? DEFAULT_TILES : current.mapTiles);
