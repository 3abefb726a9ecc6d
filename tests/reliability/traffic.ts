/** What the visitors send in the reliability suite, and the table of figures it prints. */
import { createHash, randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { issueFormStart } from "#app/features/service-request/form-start.server.ts";
import type { SubmissionResult } from "#app/features/service-request/submission.ts";
import { jpegBytes } from "#tests/support/files.ts";

/** The instances' shared SESSION_SECRET: the visitors' form start stamps are signed with it, as the site's own pages sign them. */
export const instanceSecret = randomBytes(32).toString("hex");

/** A form start stamp of the instances', from a page a visitor opened two minutes ago. */
export function formStartTwoMinutesAgo(): string {
  return issueFormStart(instanceSecret, new Date(Date.now() - 120_000));
}

export const validFields = {
  problem: "Water damage",
  problemDescription: "Burst pipe in the kitchen, water on the floor.",
  firstName: "Reliability",
  lastName: "Visitor",
  phone: "(215) 555-0100",
  address: "1 Test Road, Philadelphia, PA",
  referralSource: "Friend or neighbor",
  website: "",
};

export interface Visitor {
  email: string;
  /** The visitor's address, as the load balancer reports it (X-Forwarded-For). */
  client: string;
  photos: Buffer[];
  /** The photos' type, as a phone's browser names them; JPEG unless said. */
  photoType?: "image/jpeg" | "image/heic";
}

/** A small real JPEG, different for every visitor and photo, so each stored file can be told apart. */
export function photoFor(label: string, size = 12_000): Buffer {
  const tag = Buffer.from(label);
  return Buffer.concat([jpegBytes, tag, randomBytes(Math.max(0, size - jpegBytes.length - tag.length))]);
}

export const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** 10.x.y.z from a number: every visitor its own client for the rate limit. */
export function clientAddress(index: number, network = 1): string {
  return `10.${network}.${(index >> 8) & 255}.${index & 255}`;
}

export interface Answer {
  /** 0 when the connection failed before an answer. */
  status: number;
  result: SubmissionResult | null;
  error?: string;
}

/** Posts the dialog's request as the browser does (multipart, JSON answer). */
export async function submit(baseUrl: string, visitor: Visitor, fields: Record<string, string> = {}): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...validFields, email: visitor.email, formStart: formStartTwoMinutesAgo(), ...fields })) {
    form.append(name, value);
  }
  const type = visitor.photoType ?? "image/jpeg";
  const extension = type === "image/heic" ? "heic" : "jpg";
  visitor.photos.forEach((bytes, index) => form.append("photos", new Blob([new Uint8Array(bytes)], { type }), `photo-${index + 1}.${extension}`));
  try {
    const response = await fetch(`${baseUrl}/api/service-requests`, {
      method: "POST",
      body: form,
      headers: { accept: "application/json", "x-forwarded-for": visitor.client },
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    let result: SubmissionResult | null = null;
    try {
      result = JSON.parse(text) as SubmissionResult;
    } catch {
      result = null;
    }
    return { status: response.status, result };
  } catch (error) {
    return { status: 0, result: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Runs `work(0..count-1)` with at most `concurrency` at once; stops starting new ones after the deadline. */
export async function runPool(count: number, concurrency: number, deadline: number, work: (index: number) => Promise<void>): Promise<number> {
  let next = 0;
  let started = 0;
  const lanes = Array.from({ length: Math.min(concurrency, count) }, async () => {
    while (next < count && Date.now() < deadline) {
      const index = next++;
      started++;
      await work(index);
    }
  });
  await Promise.all(lanes);
  return started;
}

/** The value below which `fraction` of `values` lie (nearest rank); 0 for none. */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, polling; false if it never did before the timeout. */
export async function eventually(check: () => Promise<boolean>, timeoutMs: number, everyMs = 250): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return check();
}

interface Figure {
  test: string;
  figure: string;
  value: string;
  goal: string;
  met: boolean | null;
}

const figures: Figure[] = [];

/** Records a figure and prints it at once, so a failing test still shows what it measured. */
export function report(test: string, figure: string, value: string | number, goal = "measured", met: boolean | null = null): void {
  const row = { test, figure, value: String(value), goal, met };
  figures.push(row);
  process.stdout.write(`[${test}] ${figure}: ${row.value} (goal ${goal})${met === false ? "  NOT MET" : ""}\n`);
}

export function summaryTable(): string {
  const widths = {
    test: Math.max(4, ...figures.map((row) => row.test.length)),
    figure: Math.max(6, ...figures.map((row) => row.figure.length)),
    value: Math.max(5, ...figures.map((row) => row.value.length)),
    goal: Math.max(4, ...figures.map((row) => row.goal.length)),
  };
  const line = (test: string, figure: string, value: string, goal: string, met: string) =>
    `${test.padEnd(widths.test)}  ${figure.padEnd(widths.figure)}  ${value.padStart(widths.value)}  ${goal.padEnd(widths.goal)}  ${met}`;
  const sorted = [...figures].sort((a, b) => a.test.localeCompare(b.test, undefined, { numeric: true }));
  return [
    "",
    "Reliability suite summary",
    line("test", "figure", "value", "goal", "met"),
    ...sorted.map((row) => line(row.test, row.figure, row.value, row.goal, row.met === null ? "-" : row.met ? "yes" : "NO")),
    "",
  ].join("\n");
}

export interface RawAnswer {
  status: number;
  statusText: string;
  body: string;
}

/**
 * A POST written byte by byte as given: any headers (a wrong length, no length), any body
 * (cut short, a generator of 101 MB). The connection may be closed by the server early; the
 * answer is whatever it sent.
 */
export function rawPost(
  url: string,
  path: string,
  headers: Record<string, string | number>,
  body: Buffer | (() => Generator<Buffer>),
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    // A connection of its own: a connection the server closed after the previous refusal is never reused.
    const request = httpRequest(`${url}${path}`, { method: "POST", headers, agent: false }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? "", body: Buffer.concat(chunks).toString("utf8") }),
      );
      response.on("error", reject);
    });
    // The server may answer and close before the whole body is written: that is its right. A
    // connection closed with no answer at all counts as status 0 (a failure of the corpus).
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    request.on("close", () => {
      if (!answered) resolve({ status: 0, statusText: "connection closed without an answer", body: "" });
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`no answer within 30 s to ${String(headers["content-type"])}`)));
    if (Buffer.isBuffer(body)) {
      request.end(body);
      return;
    }
    const chunks = body();
    const writeMore = () => {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        if (request.destroyed) return;
        if (!request.write(next.value)) return void request.once("drain", writeMore);
      }
      request.end();
    };
    writeMore();
  });
}

/** A multipart body from fields and files, with the boundary given. */
export function multipartBody(boundary: string, fields: Record<string, string>, files: { name: string; bytes: Buffer; field?: string }[]): Buffer {
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "photos"}"; filename="${file.name}"\r\nContent-Type: image/jpeg\r\n\r\n`),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}
