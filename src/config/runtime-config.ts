/**
 * Where the auth and api servers are, read at run time from /config.json (served beside
 * index.html), so one build can be pointed at any pair of servers.
 */
import { resolveConfig, type ServedConfig, type ServerAddresses } from '@model/server-addresses';

export type RuntimeConfig = ServerAddresses;

let current: RuntimeConfig | undefined;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  let served: ServedConfig = {};
  try {
    const response = await fetch('/config.json', { cache: 'no-store' });
    if (response.ok) served = await response.json();
  } catch {
    // No config.json (e.g. `vite` alone): fall back to the default ports on this host.
  }
  current = resolveConfig(served, window.location);
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
