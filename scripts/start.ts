/**
 * `npm start`: builds the app when the build is missing or older than its sources, then serves it.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const buildEntry = "build/server/index.js";
const sources = ["app", "public", "react-router.config.ts", "vite.config.ts", "package-lock.json"];

function newestModification(entry: string): number {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    stats.mtimeMs,
    ...readdirSync(entry, { recursive: true, encoding: "utf8" }).map((name) => statSync(path.join(entry, name)).mtimeMs),
  );
}

const built = statSync(buildEntry, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (built < Math.max(...sources.map(newestModification))) {
  console.log("Building the site (sources changed since the last build)...");
  execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
}

process.env.NODE_ENV ??= "production";
await import("../server/index.ts");
