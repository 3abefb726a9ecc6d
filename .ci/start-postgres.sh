#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster "ci" on a loopback port (Debian's postgresql packages)
# and prints the URL the database tests use.
set -euo pipefail
port="${PGPORT_CI:-54329}"
version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters --no-header | awk '{print $1" "$2}' | grep -qx "$version ci"; then
  pg_createcluster --port "$port" "$version" ci -- --auth-local=peer --auth-host=scram-sha-256 >/dev/null
fi
# Already running is fine; anything else shows up in the readiness check below. Stdout carries only the URL.
pg_ctlcluster "$version" ci start >&2 2>&1 || true
pg_isready --quiet --host 127.0.0.1 --port "$port" --timeout 30
su postgres -c "psql --quiet --port $port -c \"alter user postgres password 'postgres'\"" >/dev/null
echo "postgres://postgres:postgres@127.0.0.1:${port}/postgres"
