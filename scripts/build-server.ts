/**
 * `npm run build:server`: the server and its command-line tools compiled to plain JavaScript in
 * `build/node/`, so production runs `node build/node/server.js` with no TypeScript loader. The
 * packages stay in node_modules (production dependencies only); the migrations are copied beside.
 */
import { build } from "esbuild";
import { cpSync, rmSync } from "node:fs";

const outdir = "build/node";

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { server: "server/index.ts", "heic-worker": "server/heic-worker.ts", "create-admin": "scripts/create-admin.ts" },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
// `server/db/client.ts` finds its migrations beside itself, which is now this folder.
cpSync("server/db/migrations", `${outdir}/migrations`, { recursive: true });
console.log(`Server compiled to ${outdir}/`);
