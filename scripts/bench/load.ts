import { execFile, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

const wrkUnits: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** `wrk` with one thread and `connections` keep-alive connections for `seconds`, plain (no compression). */
export async function wrk(url: string, { connections, seconds }: { connections: number; seconds: number }): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)("wrk", ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", url]);
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(stdout);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  if (!requestsPerSecond || !p99) throw new Error(`Unexpected wrk output:\n${stdout}`);
  return { requestsPerSecond, p99Ms: Number(p99[1]) * (wrkUnits[p99[2] ?? "ms"] ?? 1), non2xx };
}

/**
 * Debian's nginx with one worker in its own prefix on a loopback port, serving `html` as its
 * only page: the yardstick for our own server's throughput.
 */
export async function startNginx(prefix: string, port: number, html: Uint8Array): Promise<ChildProcess> {
  mkdirSync(path.join(prefix, "www"), { recursive: true });
  // Started as root, nginx's worker runs as nobody: the page must be readable to others.
  chmodSync(prefix, 0o755);
  chmodSync(path.join(prefix, "www"), 0o755);
  mkdirSync(path.join(prefix, "logs"), { recursive: true });
  writeFileSync(path.join(prefix, "www", "index.html"), html);
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${path.join(prefix, "nginx.pid")};
error_log ${path.join(prefix, "logs", "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${path.join(prefix, "www")};
    default_type text/html;
    location = / { try_files /index.html =404; }
  }
}
`,
  );
  const child = spawn("nginx", ["-p", prefix, "-e", path.join(prefix, "logs", "error.log"), "-c", path.join(prefix, "nginx.conf")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let attempt = 0; attempt < 40; attempt++) {
    const status = await fetch(`http://127.0.0.1:${port}/`).then((response) => response.status, () => 0);
    if (status === 200) return child;
    if (status !== 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The master takes its worker down with it on SIGTERM (SIGKILL would orphan the worker).
  await new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
  throw new Error(`nginx did not serve the page on port ${port}`);
}
