/**
 * Watches one instance while the suite attacks it, from a process of its own, so that the
 * attacks' own client work (hundreds of megabytes written, the S3 server the suite hosts) cannot
 * delay what is measured: the cached home page 20 times a second, one request at a time;
 * the readiness probe once a second; the instance's resident memory every 100 ms. Started by
 * `startWatch` (processes.ts): it names the attack under way, and on `stop` gets every sample.
 */
import { residentBytes } from "./processes.ts";

export interface Sample {
  /** The attack under way when the sample began. */
  attack: string;
  /** Milliseconds to the whole answer; for memory, the resident bytes. */
  value: number;
  /** HTTP status; 0 when no answer came within 10 s. */
  status: number;
}

export interface WatchReport {
  pages: Sample[];
  health: Sample[];
  memory: Sample[];
}

export type WatchCommand = { attack: string } | { stop: true };

const [url = "", pid = "0", firstAttack = ""] = process.argv.slice(2);
const report: WatchReport = { pages: [], health: [], memory: [] };
let attack = firstAttack;
let watching = true;

async function timed(path: string, into: Sample[]): Promise<number> {
  const startedIn = attack;
  const started = performance.now();
  const status = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(10_000) }).then(
    async (response) => (await response.arrayBuffer(), response.status),
    () => 0,
  );
  const value = performance.now() - started;
  into.push({ attack: startedIn, value, status });
  return value;
}

/** Runs `measure` every `everyMs` at most, one at a time, until stopped; the pause paces the load. */
async function every(everyMs: number, measure: () => Promise<number>) {
  while (watching) {
    const took = await measure();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - took)));
  }
}

// A first request unmeasured: this process's HTTP client sets itself up on it.
await fetch(`${url}/`).then((response) => response.arrayBuffer());
const memory = setInterval(() => report.memory.push({ attack, value: residentBytes(Number(pid)), status: 0 }), 100);
const loops = [every(50, () => timed("/", report.pages)), every(1_000, () => timed("/healthz", report.health))];
process.send?.("watching");
process.on("message", (command: WatchCommand) => {
  if ("attack" in command) {
    attack = command.attack;
    return;
  }
  watching = false;
  clearInterval(memory);
  void Promise.all(loops).then(() => process.send?.(report, () => process.exit(0)));
});
