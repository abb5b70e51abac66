/**
 * Where the auth and api servers are, read at run time from /config.json (served beside
 * index.html), so one build can be pointed at any pair of servers; also the Google Maps key,
 * when the deployment has one.
 */
import { resolveConfig, type ServedConfig, type ServerAddresses } from '@model/server-addresses';

export type RuntimeConfig = ServerAddresses & {
  /** Set only when GOOGLE_MAPS_API_KEY is: geo-locations are then drawn on a Google map. */
  googleMapsApiKey?: string;
};

let current: RuntimeConfig | undefined;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  let served: ServedConfig & { googleMapsApiKey?: unknown } = {};
  try {
    const response = await fetch('/config.json', { cache: 'no-store' });
    if (response.ok) served = await response.json();
  } catch {
    // No config.json (e.g. `vite` alone): fall back to the default ports on this host.
  }
  const key = typeof served.googleMapsApiKey === 'string' ? served.googleMapsApiKey.trim() : '';
  current = { ...resolveConfig(served, window.location), ...(key ? { googleMapsApiKey: key } : {}) };
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
