#!/usr/bin/env bash
# What the Dockerfile does, run on this machine (CI has no container engine): a clean copy of
# the tracked tree, the image's build script, then the image's command, probed and stopped
# with SIGTERM. Run it with the Node that production uses first on PATH (see .ci/run).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
port="${CONTAINER_CHECK_PORT:-3298}"
work="$(mktemp -d)"
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "Container check on Node $(node --version)"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$work" 2>/dev/null || true)
cd "$work"
sh scripts/container/build.sh >build.log 2>&1 || { tail -n 50 build.log; exit 1; }
if [ -e node_modules/tsx ] || [ -e node_modules/vite ]; then
  echo "Development packages were left in the image's node_modules" >&2
  exit 1
fi

mkdir -m 700 data
NODE_ENV=production HOST=127.0.0.1 PORT="$port" DATA_DIR="$work/data" LOG_LEVEL=warn node build/node/server.js &
server=$!
for _ in $(seq 1 120); do
  if curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; then break; fi
  sleep 0.5
done
status="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/")"
if [ "$status" != 200 ]; then
  echo "The compiled server answered $status for /" >&2
  exit 1
fi
kill -TERM "$server"
code=0
wait "$server" || code=$?
server=""
if [ "$code" != 0 ]; then
  echo "The compiled server exited with $code after SIGTERM" >&2
  exit 1
fi
echo "Container check passed: production install, compiled server, / answered 200, clean exit on SIGTERM"
