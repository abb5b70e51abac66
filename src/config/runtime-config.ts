/**
 * Where the auth and api servers are, read at run time from /config.json (served beside
 * index.html), so one build can be pointed at any pair of servers.
 */
export interface RuntimeConfig {
  authUrl: string;
  apiUrl: string;
}

interface ServedConfig {
  authUrl?: string;
  apiUrl?: string;
  authPort?: number;
  apiPort?: number;
}

let current: RuntimeConfig | undefined;

/** Same host as the page, on the server's port, when no full address is configured. */
export function resolveConfig(served: ServedConfig, location: { protocol: string; hostname: string }): RuntimeConfig {
  const sameHost = (port: number) => `${location.protocol}//${location.hostname}:${port}`;
  return {
    authUrl: (served.authUrl ?? sameHost(served.authPort ?? 8081)).replace(/\/$/, ''),
    apiUrl: (served.apiUrl ?? sameHost(served.apiPort ?? 8082)).replace(/\/$/, ''),
  };
}

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
