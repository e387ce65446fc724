#!/usr/bin/env bash
# Installs (when missing) and starts the local PostgreSQL 15 cluster the profiler's tests use, and
# sets the postgres user's password to 'postgres'. Idempotent: safe to run again on a running
# cluster. Run as root. Afterwards:
#   export GUIDED_TEST_POSTGRES_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres
set -euo pipefail

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi

version="$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)"
version="${version:-15}"
# A freshly installed package normally creates the cluster; create it if it does not exist.
if ! pg_lsclusters -h 2>/dev/null | awk '{print $1" "$2}' | grep -qx "$version main"; then
  pg_createcluster "$version" main >/dev/null
fi
pg_ctlcluster "$version" main start 2>/dev/null || true   # exit 2 when already running

for _ in $(seq 1 150); do
  if pg_isready -q -h 127.0.0.1; then break; fi
  sleep 0.2
done
pg_isready -h 127.0.0.1

su postgres -c "psql -qc \"ALTER USER postgres PASSWORD 'postgres'\""
echo "PostgreSQL $version ready: GUIDED_TEST_POSTGRES_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres"
