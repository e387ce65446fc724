#!/usr/bin/env bash
# Installs Debian's chromium for the demo's browser test (apps/demo/src/web.test.ts), which
# drives /usr/bin/chromium through playwright-core. Does nothing when it is already installed.
# Needs root (or sudo) and access to Debian's apt mirrors; no browser is downloaded from anywhere else.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "chromium already installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends chromium fonts-dejavu-core
/usr/bin/chromium --version
