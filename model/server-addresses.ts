/**
 * Where the console finds the auth and api servers: the addresses served in /config.json, or
 * the same host as the page on the servers' ports. The console resolves them at run time; the
 * console server resolves them the same way to write its Content-Security-Policy.
 */
export interface ServerAddresses {
  authUrl: string;
  apiUrl: string;
}

export interface ServedConfig {
  authUrl?: string;
  apiUrl?: string;
  authPort?: number;
  apiPort?: number;
}

/** Same host as the page, on the server's port, when no full address is configured. */
export function resolveConfig(served: ServedConfig, location: { protocol: string; hostname: string }): ServerAddresses {
  const sameHost = (port: number) => `${location.protocol}//${location.hostname}:${port}`;
  return {
    authUrl: (served.authUrl ?? sameHost(served.authPort ?? 8081)).replace(/\/$/, ''),
    apiUrl: (served.apiUrl ?? sameHost(served.apiPort ?? 8082)).replace(/\/$/, ''),
  };
}
