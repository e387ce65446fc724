#!/usr/bin/env bash
# Installs (when missing) the C++ toolchain better-sqlite3 compiles with when no prebuilt binary
# can be downloaded at install time: g++, make and python3 (node-gyp). Run as root on Debian,
# before `pnpm install`. Does nothing when all three are there.
set -euo pipefail
missing=()
for tool in g++ make python3; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "C++ toolchain present: $(g++ --version | head -n 1)"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "installing the C++ toolchain for better-sqlite3 (missing: ${missing[*]})"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq build-essential python3 >/dev/null
g++ --version | head -n 1
