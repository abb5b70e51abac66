#!/usr/bin/env bash
# The browser tests drive Debian's Chromium headless shell: the same Blink and V8 as the
# chromium package, without the full browser's GPU process and window machinery, so a test run
# costs about a third less CPU (Playwright itself runs headless tests in this shell by default).
# Install it when we can (root + apt); otherwise stop with a clear message. Never skip the
# browser tests silently. CHROMIUM_PATH runs them in another Chromium (the full one included).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ -z "${CHROMIUM_PATH:-}" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "[browser tests] $CHROMIUM not found: installing Debian's chromium-headless-shell package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "[browser tests] Chromium not found at $CHROMIUM and it cannot be installed here." >&2
echo "  Install it (Debian/Ubuntu: sudo apt-get install chromium-headless-shell) or set CHROMIUM_PATH to a Chromium binary." >&2
exit 1
