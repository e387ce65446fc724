#!/usr/bin/env bash
# Installs (when missing) the C++ toolchain better-sqlite3 compiles with when no prebuilt binary
# can be downloaded at install time: g++, make and python3 (node-gyp); and strace, with which the
# fault tests signal a writer at its fsync (mid-write). Run as root on Debian, before `pnpm install`.
# Does nothing when all four are there.
set -euo pipefail
if ! command -v strace >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing strace for the fault tests"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq strace >/dev/null 2>&1 \
    || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq strace >/dev/null; } || echo "strace could not be installed: the mid-write signal tests will say they are skipped"
fi
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
