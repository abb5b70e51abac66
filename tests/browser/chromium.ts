/**
 * The browser the browser tests and the builder bench drive: Debian's Chromium headless shell
 * (scripts/ensure-chromium.sh installs it and says why), or CHROMIUM_PATH. Playwright never
 * downloads a browser here.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
