import { execFile, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { loadavg } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

const wrkUnits: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

function latencyMs(stdout: string, percentile: number): number | undefined {
  const match = new RegExp(`\\s${percentile}%\\s+([\\d.]+)(us|ms|s)\\b`).exec(stdout);
  return match ? Number(match[1]) * (wrkUnits[match[2] ?? "ms"] ?? 1) : undefined;
}

/** `wrk` with one thread and `connections` keep-alive connections for `seconds`, sending `headers`. */
export async function wrk(
  url: string,
  { connections, seconds, headers = {} }: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const headerArguments = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const { stdout } = await promisify(execFile)("wrk", ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", ...headerArguments, url]);
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
  const p50Ms = latencyMs(stdout, 50);
  const p99Ms = latencyMs(stdout, 99);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  if (!requestsPerSecond || p50Ms === undefined || p99Ms === undefined) throw new Error(`Unexpected wrk output:\n${stdout}`);
  return { requestsPerSecond, p50Ms, p99Ms, non2xx };
}

/** The first 1-minute load average: how busy the machine was while a figure was taken. */
export function loadAverage(): number {
  return loadavg()[0] ?? 0;
}

export type Encoding = "identity" | "gzip" | "br";

/** A page exactly as a server sent it in one encoding: status, headers and the bytes on the wire. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** GETs `url` asking for `encoding`, without decompressing (fetch would). */
export function rawGet(url: string, encoding: Encoding): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { "accept-encoding": encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === "string") headers[name] = value;
        resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
      response.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/** A page to serve from disk: its path, its bytes in each encoding, and the headers our server sent with it. */
export interface StaticPage {
  path: string;
  bodies: Record<Encoding, Buffer>;
  headers: Record<string, string>;
}

/** Debian's module for serving `.br` files beside the originals (`libnginx-mod-http-brotli-static`). */
const brotliStaticModule = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

export function nginxHasBrotli(): boolean {
  return existsSync(brotliStaticModule);
}

/**
 * Headers that nginx sets itself (or that belong to one connection or response): every other
 * header our server sent with a page is sent by nginx too. The request id is nginx's own.
 */
const ownedByNginx = new Set(["date", "connection", "keep-alive", "content-length", "content-encoding", "transfer-encoding", "vary", "content-type", "x-request-id"]);

function fileOf(pagePath: string): string {
  return pagePath === "/" ? "/index.html" : `${pagePath}.html`;
}

/** nginx's quoting for a header value in its configuration (where `$` would name a variable). */
function quoted(value: string): string {
  if (value.includes("$")) throw new Error(`nginx cannot be given this header value as it is: ${value}`);
  return `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

/**
 * Debian's nginx with `workers` worker processes in its own prefix on a loopback port, serving
 * `pages` the cheapest way it can: each page's bytes precompressed on disk beside the original
 * (`gzip_static`, and `brotli_static` when the module is installed) through `sendfile`, open files
 * kept in its cache, no access log, and the same response headers our server sent (the security
 * headers and the page's CSP, `Vary`, a request id of its own). The yardstick for our throughput.
 */
export async function startNginx(prefix: string, port: number, pages: StaticPage[], { workers = 1 } = {}): Promise<ChildProcess> {
  const root = path.join(prefix, "www");
  mkdirSync(root, { recursive: true });
  // Started as root, nginx's worker runs as nobody: the pages must be readable to others.
  chmodSync(prefix, 0o755);
  chmodSync(root, 0o755);
  mkdirSync(path.join(prefix, "logs"), { recursive: true });
  for (const page of pages) {
    const file = path.join(root, fileOf(page.path));
    writeFileSync(file, page.bodies.identity);
    writeFileSync(`${file}.gz`, page.bodies.gzip);
    writeFileSync(`${file}.br`, page.bodies.br);
  }
  // The pages share their headers but the CSP (its script hashes); each location sends its own.
  const locations = pages.map((page) => {
    const headers = Object.entries(page.headers)
      .filter(([name]) => !ownedByNginx.has(name))
      .map(([name, value]) => `add_header ${name} ${quoted(value)};`);
    return `location = ${page.path} {
      default_type ${quoted(page.headers["content-type"] ?? "text/html")};
      ${headers.join("\n      ")}
      add_header X-Request-Id $request_id;
      try_files ${fileOf(page.path)} =404;
    }`;
  });
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  const brotli = nginxHasBrotli();
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    `${brotli ? `load_module ${brotliStaticModule};` : ""}
worker_processes ${workers};
daemon off;
pid ${path.join(prefix, "nginx.pid")};
error_log ${path.join(prefix, "logs", "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  types {}
  keepalive_requests 1000000;
  sendfile on;
  tcp_nopush on;
  open_file_cache max=100 inactive=60s;
  open_file_cache_valid 60s;
  etag off;
  server_tokens off;
  gzip_static on;
  gzip_vary on;
  ${brotli ? "brotli_static on;" : ""}
  server {
    listen 127.0.0.1:${port};
    root ${root};
    ${locations.join("\n    ")}
  }
}
`,
  );
  const child = spawn("nginx", ["-p", prefix, "-e", path.join(prefix, "logs", "error.log"), "-c", path.join(prefix, "nginx.conf")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const first = pages[0]?.path ?? "/";
  for (let attempt = 0; attempt < 40; attempt++) {
    const status = await fetch(`http://127.0.0.1:${port}${first}`).then((response) => response.status, () => 0);
    if (status === 200) return child;
    if (status !== 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The master takes its workers down with it on SIGTERM (SIGKILL would orphan them).
  await new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
  throw new Error(`nginx did not serve ${first} on port ${port}`);
}
