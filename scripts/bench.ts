/**
 * `npm run bench`: builds the site, starts it on a fresh embedded database with the seeded
 * content, measures what a visitor on a slow phone and a busy night depend on, prints a table of
 * figure / goal / met, writes it to bench/results/latest.json, and stops everything it started.
 *
 * Ports: the five after BENCH_PORT (default 3600). Freshness is measured on the embedded site and,
 * with BENCH_DATABASE_URL or TEST_DATABASE_URL, across two instances on a scratch PostgreSQL
 * database it creates and drops there.
 */
import autocannon from "autocannon";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { issueFormStart } from "#app/features/service-request/form-start.server.ts";
import { jpegOfSize } from "../tests/support/files.ts";
import sharp from "sharp";
import { defaultHero } from "../app/content/defaults.ts";
import { saveEditorOverHttp, saveHeroOverHttp, signInOverHttp, uploadImageOverHttp } from "../tests/support/staff-http.ts";
import { firstLoadBudget, measureFirstLoad, measureLazyChunk } from "./bench/first-load.ts";
import { worstFreshness } from "./bench/freshness.ts";
import { lighthousePages, medianLighthouse } from "./bench/lighthouse.ts";
import { loadAverage, nginxHasBrotli, rawGet, startNginx, wrk, type Encoding, type LoadResult, type StaticPage } from "./bench/load.ts";
import { measureSpeedToLead } from "./bench/speed-to-lead.ts";

interface Row {
  figure: string;
  value: string;
  goal: string;
  met: boolean | null;
}

const rows: Row[] = [];
const started: ChildProcess[] = [];
const scratch = mkdtempSync(path.join(tmpdir(), "bench-"));
/** Apart from the scratch folder, whose mode keeps nginx's unprivileged worker out. */
const nginxPrefix = mkdtempSync(path.join(tmpdir(), "bench-nginx-"));
const basePort = Number(process.env.BENCH_PORT ?? 3600);
const lighthouseRuns = 3;
const loadPages = ["/", "/water-damage-restoration"];
/** Load runs per page and server, alternated: other work on the machine only ever slows a run, so the best counts. */
const loadRounds = 2;
/**
 * `BENCH_PAGES=/,/areas/ambler` measures those pages only. For a quick check, `BENCH_ONLY=lighthouse`
 * measures the pages alone (first load, photos, Lighthouse), `BENCH_ONLY=throughput` the load
 * against nginx alone. `BENCH_NODE` runs the site on another Node binary (production's, say).
 */
const benchedPages = process.env.BENCH_PAGES?.split(",") ?? lighthousePages;
const only = process.env.BENCH_ONLY;
const serverNode = process.env.BENCH_NODE ?? process.execPath;

/** Asks everything started to stop (nginx stops its worker on SIGTERM), then insists. */
async function stopAll() {
  const running = started.filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    running.map(
      (child) =>
        new Promise<void>((resolve) => {
          const insist = setTimeout(() => child.kill("SIGKILL"), 10_000);
          child.once("exit", () => {
            clearTimeout(insist);
            resolve();
          });
          child.kill("SIGTERM");
        }),
    ),
  );
  for (const folder of [scratch, nginxPrefix]) rmSync(folder, { recursive: true, force: true });
}
process.on("SIGINT", () => void stopAll().finally(() => process.exit(130)));

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
}

async function startServer(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  // The server as production runs it: compiled by `npm run build`, at the default log level.
  const child = spawn(serverNode, ["build/node/server.js"], {
    // Trusting X-Forwarded-For (as behind a load balancer) lets each simulated visitor count as
    // its own client for the rate limit.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(scratch, `data-${port}`),
      NODE_ENV: "production",
      TRUST_PROXY: "1",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  started.push(child);
  for (let attempt = 0; attempt < 120; attempt++) {
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server on port ${port} did not start`);
}

/** A form start stamp two minutes old, signed with the secret the server at `port` made in its data folder. */
function formStartFor(port: number): string {
  const secret = readFileSync(path.join(scratch, `data-${port}`, "session-secret"), "utf8").trim();
  return issueFormStart(secret, new Date(Date.now() - 120_000));
}

function multipartBody(boundary: string, email: string, photos: Buffer[], formStart: string): Buffer {
  const fields: Record<string, string> = {
    problem: "Water damage",
    problemDescription: "Burst pipe in the kitchen, water on the floor.",
    firstName: "Bench",
    lastName: "Visitor",
    phone: "(215) 555-0100",
    email,
    address: "1 Test Road, Philadelphia, PA",
    referralSource: "Friend or neighbor",
    formStart,
    website: "",
  };
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  photos.forEach((bytes, index) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="photo-${index}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
    );
    parts.push(bytes, Buffer.from("\r\n"));
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

async function submissionThroughput(port: number) {
  const boundary = "----bench-boundary";
  const photos = [jpegOfSize(300_000), jpegOfSize(300_000), jpegOfSize(300_000)];
  const formStart = formStartFor(port);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/service-requests`,
    connections: 16,
    duration: 10,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          const id = randomUUID();
          return {
            ...request,
            body: multipartBody(boundary, `bench-${id}@example.com`, photos, formStart),
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
  rows.push({
    figure: "request submissions/s (3 photos of 300 KB, 16 connections)",
    value: result.requests.average.toFixed(1),
    goal: "measured",
    met: null,
  });
  rows.push({ figure: "request submission p99 latency", value: `${result.latency.p99} ms`, goal: "measured", met: null });
  rows.push({ figure: "failed submissions during the load", value: String(errors), goal: "0", met: errors === 0 });
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function uploadMemory(port: number, pid: number) {
  const boundary = "----bench-memory";
  const body = multipartBody(boundary, "memory@example.com", Array.from({ length: 10 }, () => jpegOfSize(10 * 1024 * 1024)), formStartFor(port));
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
  rows.push({
    figure: "upload of 10 × 10 MB photos: server RSS growth",
    value: `${growth.toFixed(1)} MB`,
    goal: "<= 64 MB",
    met: growth <= 64,
  });
}

/** A large photo as a camera gives it: 2400 × 1800, smooth colour with detail, over a megabyte of JPEG. */
function cameraPhoto(seed: number): Promise<Buffer> {
  const width = 2400;
  const height = 1800;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = ((y * 255) / height + seed * 40) % 256;
      pixels[at + 2] = ((x ^ y) + seed * 13) & 0xff;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * The site as the office uses it: a hero photo, a story photo, before-and-after projects and
 * published reviews, all through the editors, so the pages are measured with their photos.
 */
async function withOfficeContent(baseUrl: string) {
  const { cookie } = await signInOverHttp(baseUrl, admin.email, admin.password);
  const upload = async (folder: string, seed: number) => uploadImageOverHttp(baseUrl, cookie, folder, await cameraPhoto(seed));
  const hero = await upload("hero", 1);
  const story = await upload("photos", 2);
  await saveHeroOverHttp(baseUrl, cookie, {
    ...defaultHero,
    backgroundImageUrl: hero.url,
    backgroundImageAlt: "Our crew unloading drying equipment at a flooded home",
    backgroundImagePlaceholder: hero.placeholder,
    storyImageUrl: story.url,
    storyImageAlt: "The founder beside a service truck",
    storyImagePlaceholder: story.placeholder,
  });
  const projects: Record<string, string> = {};
  for (const index of [0, 1, 2]) {
    const after = await upload("photos", 3 + index * 2);
    const before = await upload("photos", 4 + index * 2);
    Object.assign(projects, {
      [`projects.${index}.status`]: "published",
      [`projects.${index}.caption`]: `Basement dried and rebuilt, job ${index + 1}`,
      [`projects.${index}.service`]: "water",
      [`projects.${index}.town`]: "Ambler",
      [`projects.${index}.photoUrl`]: after.url,
      [`projects.${index}.photoAlt`]: "The finished basement",
      [`projects.${index}.photoPlaceholder`]: after.placeholder,
      [`projects.${index}.beforeUrl`]: before.url,
      [`projects.${index}.beforeAlt`]: "The flooded basement",
      [`projects.${index}.beforePlaceholder`]: before.placeholder,
    });
  }
  await saveEditorOverHttp(baseUrl, cookie, "/admin/projects", projects);
  const reviews: Record<string, string> = {};
  for (const index of [0, 1, 2]) {
    Object.assign(reviews, {
      [`reviews.${index}.status`]: "published",
      [`reviews.${index}.name`]: `Customer ${index + 1}`,
      [`reviews.${index}.rating`]: "5",
      [`reviews.${index}.town`]: "Ambler",
      [`reviews.${index}.text`]: "They answered at 2 a.m. and had the water out by morning.",
      [`reviews.${index}.source`]: "Google",
    });
  }
  await saveEditorOverHttp(baseUrl, cookie, "/admin/reviews", reviews);
}

/** Every uploaded photo on `/` but the hero's (the page's first picture) waits until it is scrolled near. */
async function lazyPhotoRow(baseUrl: string) {
  const html = await (await fetch(new URL("/", baseUrl))).text();
  const photos = [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => tag.includes('src="/media/'));
  // React writes the attribute as `fetchPriority`.
  const isHero = (tag: string) => /fetchpriority="high"/i.test(tag);
  const below = photos.filter((tag) => !isHero(tag));
  const lazy = below.filter((tag) => tag.includes('loading="lazy"'));
  const heroFirst = photos[0] !== undefined && isHero(photos[0]);
  rows.push({
    figure: "photos on / below the fold loaded lazily",
    value: `${lazy.length} of ${below.length}`,
    goal: "all, > 0",
    met: below.length > 0 && lazy.length === below.length && heroFirst,
  });
}

async function lighthouseRows(baseUrl: string) {
  for (const page of benchedPages) {
    const result = await medianLighthouse(new URL(page, baseUrl).href, lighthouseRuns);
    for (const [category, score] of Object.entries(result.scores)) {
      rows.push({ figure: `Lighthouse ${category} ${page}`, value: String(score), goal: "100", met: score === 100 });
    }
    rows.push({ figure: `LCP ${page}`, value: `${(result.lcpMs / 1000).toFixed(2)} s`, goal: "<= 1.2 s", met: result.lcpMs <= 1200 });
    rows.push({ figure: `CLS ${page}`, value: result.cls.toFixed(3), goal: "0", met: result.cls === 0 });
  }
}

async function firstLoadRows(baseUrl: string) {
  const firstLoad = await measureFirstLoad(baseUrl, "/");
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  rows.push({
    figure: "first load of / (gzip): JS",
    value: kb(firstLoad.jsGzip),
    goal: "<= 120 KB",
    met: firstLoad.jsGzip <= firstLoadBudget.jsGzip,
  });
  rows.push({
    figure: "first load of / (gzip): HTML + CSS",
    value: kb(firstLoad.htmlCssGzip),
    goal: "<= 30 KB",
    met: firstLoad.htmlCssGzip <= firstLoadBudget.htmlCssGzip,
  });
  // Loaded when a visitor first opens the request form: what it adds to what / already loaded.
  rows.push({ figure: "request dialog chunk (gzip)", value: kb(await measureLazyChunk(baseUrl, "/", "request-dialog")), goal: "measured", met: null });
}

const encodings: Encoding[] = ["identity", "gzip", "br"];

/** A public page as our server sends it, in every encoding, with the headers of its brotli answer. */
async function pageAsServed(baseUrl: string, pagePath: string): Promise<StaticPage> {
  const url = new URL(pagePath, baseUrl).href;
  const [identity, gzip, br] = await Promise.all([rawGet(url, "identity"), rawGet(url, "gzip"), rawGet(url, "br")]);
  for (const answer of [identity, gzip, br]) if (answer.status !== 200) throw new Error(`${pagePath} answered ${answer.status}`);
  return { path: pagePath, bodies: { identity: identity.body, gzip: gzip.body, br: br.body }, headers: br.headers };
}

/** nginx must send the very bytes we send, and the same Content-Security-Policy, or the comparison means nothing. */
async function checkSameAnswers(nginxUrl: string, pages: StaticPage[]) {
  for (const page of pages) {
    for (const encoding of encodings) {
      const theirs = await rawGet(new URL(page.path, nginxUrl).href, encoding);
      if (!theirs.body.equals(page.bodies[encoding]) || theirs.headers["content-security-policy"] !== page.headers["content-security-policy"]) {
        throw new Error(`nginx does not send ${page.path} (${encoding}) as our server does`);
      }
    }
  }
}

const highest = (results: LoadResult[], figure: (result: LoadResult) => number) => Math.max(...results.map(figure));
const lowest = (results: LoadResult[], figure: (result: LoadResult) => number) => Math.min(...results.map(figure));

/**
 * Each public page against nginx serving the very same bytes precompressed on disk (the cheapest
 * way it can serve them, `startNginx`): one process against one worker, the same wrk settings
 * with a browser's Accept-Encoding, run back to back and alternated.
 */
async function throughputRows(baseUrl: string, nginxPort: number, { processes = 1 } = {}) {
  const brotli = nginxHasBrotli();
  // Chromium's Accept-Encoding; without nginx's brotli module, both sides serve gzip.
  const headers = { "Accept-Encoding": brotli ? "gzip, deflate, br, zstd" : "gzip, deflate" };
  const encoding = brotli ? "brotli" : "gzip";
  const load = { connections: 64, seconds: 10, headers };
  const pages = await Promise.all(loadPages.map((pagePath) => pageAsServed(baseUrl, pagePath)));
  const nginxUrl = `http://127.0.0.1:${nginxPort}`;
  const nginx = await startNginx(nginxPrefix, nginxPort, pages, { workers: processes });
  const ourSide = processes === 1 ? "" : `, ${processes} processes`;
  const nginxSide = processes === 1 ? "1 worker" : `${processes} workers`;
  started.push(nginx);
  try {
    await checkSameAnswers(nginxUrl, pages);
    for (const { path: pagePath } of pages) {
      const oursUrl = new URL(pagePath, baseUrl).href;
      const theirsUrl = new URL(pagePath, nginxUrl).href;
      await wrk(oursUrl, { ...load, seconds: 2 });
      await wrk(theirsUrl, { ...load, seconds: 2 });
      const ours: LoadResult[] = [];
      const theirs: LoadResult[] = [];
      const loadAverages: number[] = [];
      for (let round = 0; round < loadRounds; round++) {
        loadAverages.push(loadAverage());
        ours.push(await wrk(oursUrl, load));
        theirs.push(await wrk(theirsUrl, load));
      }
      const ratios = ours.map((result, round) => result.requestsPerSecond / (theirs[round]?.requestsPerSecond ?? Number.NaN));
      const ratio = Math.max(...ratios);
      const p99 = lowest(ours, (result) => result.p99Ms);
      const failed = ours.reduce((sum, result) => sum + result.non2xx, 0);
      const rate = (results: LoadResult[]) => highest(results, (result) => result.requestsPerSecond).toFixed(0);
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      const of = `best of ${loadRounds}`;
      rows.push({ figure: `${pagePath} requests/s (wrk -t1 -c64 -d10s, ${encoding}${ourSide}, ${of})`, value: rate(ours), goal: "measured", met: null });
      rows.push({ figure: `nginx requests/s, same bytes precompressed, ${nginxSide}`, value: rate(theirs), goal: "measured", met: null });
      rows.push({
        figure: `${pagePath}${ourSide} throughput vs nginx (back to back; each round: ${ratios.map((value) => value.toFixed(2)).join(", ")})`,
        value: `${ratio.toFixed(2)} ×`,
        goal: ">= 0.5 ×",
        met: ratio >= 0.5,
      });
      rows.push({ figure: `${pagePath}${ourSide} p50 latency at 64 connections (${of})`, value: ms(lowest(ours, (result) => result.p50Ms)), goal: "measured", met: null });
      rows.push({ figure: `${pagePath}${ourSide} p99 latency at 64 connections (${of})`, value: ms(p99), goal: "<= 25 ms", met: p99 <= 25 && failed === 0 });
      rows.push({
        figure: "nginx p50 / p99 latency, same runs",
        value: `${lowest(theirs, (result) => result.p50Ms).toFixed(1)} / ${lowest(theirs, (result) => result.p99Ms).toFixed(1)} ms`,
        goal: "measured",
        met: null,
      });
      rows.push({ figure: "machine load (1-minute average) before each round", value: loadAverages.map((value) => value.toFixed(1)).join(", "), goal: "measured", met: null });
    }
  } finally {
    await stop(nginx);
  }
}

const admin = { email: "bench-admin@bench.example", password: "bench-admin-password" };

/** The benchmark's administrator, made by the project's own command before the site starts. */
function createAdmin(env: Record<string, string>) {
  execFileSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", "--email", admin.email, "--password", admin.password], {
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** An administrator saves the hero through `/admin/hero` on the first site; every page must show it. */
async function freshnessRow(figure: string, siteUrls: string[]) {
  const [first] = siteUrls;
  if (!first) throw new Error("No site to measure");
  const { cookie } = await signInOverHttp(first, admin.email, admin.password);
  const worst = await worstFreshness(
    first,
    cookie,
    siteUrls.map((url) => `${url}/`),
  );
  rows.push({ figure, value: `${worst.toFixed(0)} ms`, goal: "<= 1 s", met: worst <= 1000 });
}

const percentileOf = (values: number[], fraction: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * fraction))] ?? 0;

/** A new urgent request, from the visitor's answer to a staff device's push and to an open admin page. */
async function speedToLeadRows(siteUrl: string, dataDir: string) {
  const { cookie } = await signInOverHttp(siteUrl, admin.email, admin.password);
  const { push, live } = await measureSpeedToLead(siteUrl, dataDir, cookie);
  const [pushMedian, pushP95, liveMedian, liveP95] = [percentileOf(push, 0.5), percentileOf(push, 0.95), percentileOf(live, 0.5), percentileOf(live, 0.95)];
  rows.push({ figure: "submit → push received, median of 20", value: `${pushMedian.toFixed(0)} ms`, goal: "<= 2 s", met: pushMedian <= 2000 });
  rows.push({ figure: "submit → push received, p95 of 20", value: `${pushP95.toFixed(0)} ms`, goal: "<= 2 s", met: pushP95 <= 2000 });
  rows.push({ figure: "submit → live inbox updated, median of 20", value: `${liveMedian.toFixed(0)} ms`, goal: "<= 3 s", met: liveMedian <= 3000 });
  rows.push({ figure: "submit → live inbox updated, p95 of 20", value: `${liveP95.toFixed(0)} ms`, goal: "<= 3 s", met: liveP95 <= 3000 });
}

/**
 * On one PostgreSQL database: two instances, the second of which must see the first's save; then
 * one instance of a process per core (decision 21) against as many nginx workers.
 */
async function severalInstances(databaseUrl: string | undefined, ports: [number, number]) {
  const figure = "admin save → visible on / (2 instances, worst of 5)";
  if (!databaseUrl) {
    rows.push({ figure: `${figure}; a process per core against nginx`, value: "not run: set BENCH_DATABASE_URL", goal: "measured", met: null });
    return;
  }
  const name = `bench_${randomBytes(4).toString("hex")}`;
  const server = new pg.Client({ connectionString: databaseUrl });
  await server.connect();
  await server.query(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.href, SESSION_SECRET: randomBytes(32).toString("hex") };
  try {
    if (!only) {
      const instances = [await startServer(ports[0], env), await startServer(ports[1], env)];
      createAdmin({ ...env, DATA_DIR: path.join(scratch, "create-admin") });
      await freshnessRow(
        figure,
        ports.map((port) => `http://127.0.0.1:${port}`),
      );
      await Promise.all(instances.map(stop));
    }
    // One process per core (decision 21) against as many nginx workers, on the same bytes.
    const processes = await startServer(ports[0], { ...env, WEB_CONCURRENCY: String(availableParallelism()) });
    await throughputRows(`http://127.0.0.1:${ports[0]}`, ports[1], { processes: availableParallelism() });
    await stop(processes);
  } finally {
    await server.query(`drop database if exists ${name} with (force)`);
    await server.end();
  }
}

const startedAt = performance.now();
try {
  execFileSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });

  rows.push({ figure: "the site's Node", value: execFileSync(serverNode, ["--version"], { encoding: "utf8" }).trim(), goal: "measured", met: null });
  if (!only) {
    const memoryServer = await startServer(basePort + 1);
    await uploadMemory(basePort + 1, memoryServer.pid ?? 0);
    await stop(memoryServer);
  }

  createAdmin({ DATA_DIR: path.join(scratch, `data-${basePort + 2}`) });
  const site = await startServer(basePort + 2);
  const siteUrl = `http://127.0.0.1:${basePort + 2}`;
  await withOfficeContent(siteUrl);
  if (only !== "throughput") {
    await firstLoadRows(siteUrl);
    await lazyPhotoRow(siteUrl);
    await lighthouseRows(siteUrl);
  }
  if (only !== "lighthouse") await throughputRows(siteUrl, basePort + 3);
  if (!only) {
    await submissionThroughput(basePort + 2);
    await freshnessRow("admin save → visible on / (worst of 5)", [siteUrl]);
    await speedToLeadRows(siteUrl, path.join(scratch, `data-${basePort + 2}`));
  }
  await stop(site);

  if (only !== "lighthouse") await severalInstances(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL, [basePort + 4, basePort + 5]);
} catch (error) {
  await stopAll();
  throw error;
}

const width = Math.max(...rows.map((row) => row.figure.length));
console.log(`\n${"figure".padEnd(width)}  ${"value".padStart(12)}  ${"goal".padEnd(10)}  met`);
for (const row of rows) {
  console.log(
    `${row.figure.padEnd(width)}  ${row.value.padStart(12)}  ${row.goal.padEnd(10)}  ${row.met === null ? "-" : row.met ? "yes" : "NO"}`,
  );
}
console.log(`\nMeasured in ${((performance.now() - startedAt) / 60_000).toFixed(1)} minutes.`);
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/latest.json", `${JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2)}\n`);
await stopAll();
process.exit(rows.every((row) => row.met !== false) ? 0 : 1);
