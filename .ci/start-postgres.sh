#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster "ci" on a loopback port (Debian's postgresql packages)
# and prints the URL the database tests use.
set -euo pipefail
port="${PGPORT_CI:-54329}"
version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters --no-header | awk '{print $1" "$2}' | grep -qx "$version ci"; then
  pg_createcluster --port "$port" "$version" ci -- --auth-local=peer --auth-host=scram-sha-256 >/dev/null
fi
pg_ctlcluster "$version" ci start 2>/dev/null || pg_ctlcluster "$version" ci status >/dev/null
su postgres -c "psql --quiet --port $port -c \"alter user postgres password 'postgres'\"" >/dev/null
echo "postgres://postgres:postgres@127.0.0.1:${port}/postgres"
