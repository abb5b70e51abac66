/** Make jsdom's navigator look like a given browser, with a given storage quota (spec 1 §3, §9). */
export const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

export function fakeBrowser(options: { userAgent?: string; estimate?: () => Promise<StorageEstimate> }) {
  if (options.userAgent !== undefined) {
    Object.defineProperty(navigator, 'userAgent', { value: options.userAgent, configurable: true });
  }
  if (options.estimate) {
    Object.defineProperty(navigator, 'storage', { value: { estimate: options.estimate }, configurable: true });
  }
}

/** Back to jsdom's own navigator (the overrides above live on the instance, the originals on its prototype). */
export function restoreBrowser() {
  delete (navigator as unknown as Record<string, unknown>).userAgent;
  delete (navigator as unknown as Record<string, unknown>).storage;
}

export const GB = 1024 ** 3;
