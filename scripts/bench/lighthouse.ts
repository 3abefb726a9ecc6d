import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

export const lighthouseCategories = ["performance", "accessibility", "best-practices", "seo"] as const;

/** The pages measured, by the benchmark and the e2e suite alike: home, every service page, a town page and the staff sign-in. */
export const lighthousePages = [
  "/",
  "/water-damage-restoration",
  "/fire-mold-restoration",
  "/storm-damage-restoration",
  "/sewage-backup-cleanup",
  "/commercial-restoration",
  "/areas/ambler",
  "/auth",
] as const;
export type Category = (typeof lighthouseCategories)[number];

export interface LighthouseRun {
  /** Scores from 0 to 100, per category asked for. */
  scores: Partial<Record<Category, number>>;
  lcpMs: number;
  /** Cumulative layout shift: 0 when nothing on the page moves after it is drawn. */
  cls: number;
  /** Scored SEO audits that did not pass, by id. */
  failedSeoAudits: string[];
}

const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { numericValue?: number; score: number | null }>;
  runtimeError?: { message: string };
}

/**
 * One Lighthouse run (mobile, default simulated throttling) with Chromium from CHROME_PATH. A run
 * whose trace Chromium failed to record (NO_NAVSTART, now and then on a busy machine) is repeated.
 */
export async function runLighthouse(url: string, categories: readonly Category[] = lighthouseCategories, attempts = 3): Promise<LighthouseRun> {
  try {
    return await lighthouseOnce(url, categories);
  } catch (error) {
    if (attempts <= 1) throw error;
    return runLighthouse(url, categories, attempts - 1);
  }
}

async function lighthouseOnce(url: string, categories: readonly Category[]): Promise<LighthouseRun> {
  const { stdout } = await promisify(execFile)(
    path.resolve("node_modules/.bin/lighthouse"),
    [url, "--output=json", "--output-path=stdout", "--quiet", `--only-categories=${categories.join(",")}`, `--chrome-flags=${chromeFlags.join(" ")}`],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
  );
  const report = JSON.parse(stdout) as Report;
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`);
  const scores: LighthouseRun["scores"] = {};
  for (const category of categories) scores[category] = Math.round((report.categories[category]?.score ?? 0) * 100);
  const failedSeoAudits = (report.categories.seo?.auditRefs ?? [])
    .filter(({ id, weight }) => weight > 0 && (report.audits[id]?.score ?? 1) < 1)
    .map(({ id }) => id);
  return {
    scores,
    lcpMs: report.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    cls: report.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    failedSeoAudits,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The median of each score and of LCP over `runs` runs, one after another, and the worst layout shift. */
export async function medianLighthouse(url: string, runs: number): Promise<LighthouseRun> {
  const results: LighthouseRun[] = [];
  for (let run = 0; run < runs; run++) results.push(await runLighthouse(url));
  const scores: LighthouseRun["scores"] = {};
  for (const category of lighthouseCategories) scores[category] = median(results.map((result) => result.scores[category] ?? 0));
  return {
    scores,
    lcpMs: median(results.map((result) => result.lcpMs)),
    cls: Math.max(...results.map((result) => result.cls)),
    failedSeoAudits: results[0]?.failedSeoAudits ?? [],
  };
}
