#!/usr/bin/env bash
# The browser tests drive Debian's Chromium. Install it when we can (root + apt); otherwise stop
# with a clear message. Never skip the browser tests silently.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "[browser tests] $CHROMIUM not found: installing Debian's chromium package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "[browser tests] Chromium not found at $CHROMIUM and it cannot be installed here." >&2
echo "  Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary." >&2
exit 1
