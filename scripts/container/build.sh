#!/bin/sh
# The image's build, as the Dockerfile runs it and as CI runs it on its own machine
# (scripts/container/check.sh): install exactly the lock, build, keep production packages only.
set -eu
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
npm ci --no-audit --no-fund
npm run build
npm prune --omit=dev --no-audit --no-fund
# npm keeps development tools that a runtime package names as optional peers (better-auth names
# vitest and drizzle-kit): the lock marks them devOptional, and nothing at run time needs them.
node -e '
const { rmSync } = require("node:fs");
const { packages } = require("./package-lock.json");
for (const [folder, entry] of Object.entries(packages)) if (entry.devOptional) rmSync(folder, { recursive: true, force: true });
'
