/**
 * `npm run bench`: builds the site, starts it on a fresh embedded database, measures, prints a
 * table of figure / goal / met, writes it to bench/results/latest.json, and stops what it started.
 */
import autocannon from "autocannon";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { jpegOfSize } from "../tests/support/files.ts";

interface Row {
  figure: string;
  value: string;
  goal: string;
  met: boolean | null;
}

const rows: Row[] = [];
const started: ChildProcess[] = [];
const scratch = mkdtempSync(path.join(tmpdir(), "bench-"));

function stopAll() {
  for (const child of started) child.kill("SIGKILL");
  rmSync(scratch, { recursive: true, force: true });
}
process.on("exit", stopAll);

async function startServer(port: number): Promise<ChildProcess> {
  const dataDir = path.join(scratch, `data-${port}`);
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    // Trusting X-Forwarded-For (as behind a load balancer) lets each simulated visitor count as
    // its own client for the rate limit.
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn", TRUST_PROXY: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  started.push(child);
  for (let attempt = 0; attempt < 120; attempt++) {
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.ok, () => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server on port ${port} did not start`);
}

function multipartBody(boundary: string, email: string, photos: Buffer[]): Buffer {
  const fields: Record<string, string> = {
    problem: "Water damage",
    problemDescription: "Burst pipe in the kitchen, water on the floor.",
    firstName: "Bench",
    lastName: "Visitor",
    phone: "(215) 555-0100",
    email,
    address: "1 Test Road, Philadelphia, PA",
    referralSource: "Friend or neighbor",
    formStartedAt: String(Date.now() - 120_000),
    website: "",
  };
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  photos.forEach((bytes, index) => {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="photo-${index}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`));
    parts.push(bytes, Buffer.from("\r\n"));
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

async function submissionThroughput(port: number) {
  const boundary = "----bench-boundary";
  const photos = [jpegOfSize(300_000), jpegOfSize(300_000), jpegOfSize(300_000)];
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/service-requests`,
    connections: 16,
    duration: 15,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          const id = randomUUID();
          return {
            ...request,
            body: multipartBody(boundary, `bench-${id}@example.com`, photos),
            headers: {
              "content-type": `multipart/form-data; boundary=${boundary}`,
              accept: "application/json",
              "x-forwarded-for": `10.${randomBytes(3).join(".")}`,
            },
          };
        },
      },
    ],
  });
  const errors = result.non2xx + result.errors + result.timeouts;
  rows.push({ figure: "request submissions/s (3 photos of 300 KB, 16 connections)", value: result.requests.average.toFixed(1), goal: "measured", met: null });
  rows.push({ figure: "request submission p99 latency", value: `${result.latency.p99} ms`, goal: "measured", met: null });
  rows.push({ figure: "failed submissions during the load", value: String(errors), goal: "0", met: errors === 0 });
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function uploadMemory(port: number, pid: number) {
  const boundary = "----bench-memory";
  const body = multipartBody(boundary, "memory@example.com", Array.from({ length: 10 }, () => jpegOfSize(10 * 1024 * 1024)));
  // Let the fresh server settle, then watch its resident memory while the upload streams in.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const baseline = rssOf(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  const status = await new Promise<number | undefined>((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: "/api/service-requests",
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": body.length, accept: "application/json" },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      },
    );
    request.on("error", reject);
    // Sent in slices, as a phone would, rather than one write.
    let offset = 0;
    const writeMore = () => {
      while (offset < body.length) {
        const slice = body.subarray(offset, offset + 256 * 1024);
        offset += slice.length;
        if (!request.write(slice)) return void request.once("drain", writeMore);
      }
      request.end();
    };
    writeMore();
  });
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(pid));
  const growth = (peak - baseline) / (1024 * 1024);
  rows.push({ figure: "upload of 10 × 10 MB photos: answer", value: String(status), goal: "200", met: status === 200 });
  rows.push({ figure: "upload of 10 × 10 MB photos: server RSS growth", value: `${growth.toFixed(1)} MB`, goal: "<= 64 MB", met: growth <= 64 });
}

execFileSync("npx", ["react-router", "build"], { stdio: ["ignore", "ignore", "inherit"] });

const memoryServer = await startServer(3601);
await uploadMemory(3601, memoryServer.pid ?? 0);
memoryServer.kill("SIGTERM");

await startServer(3602);
await submissionThroughput(3602);

const width = Math.max(...rows.map((row) => row.figure.length));
console.log(`\n${"figure".padEnd(width)}  ${"value".padStart(12)}  ${"goal".padEnd(10)}  met`);
for (const row of rows) {
  console.log(`${row.figure.padEnd(width)}  ${row.value.padStart(12)}  ${row.goal.padEnd(10)}  ${row.met === null ? "-" : row.met ? "yes" : "NO"}`);
}
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/latest.json", `${JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2)}\n`);
stopAll();
process.exit(rows.every((row) => row.met !== false) ? 0 : 1);
