import express from "express";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { pinoHttp } from "pino-http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { maxTrustBadges, maxReasons } from "#app/features/content/schemas.ts";
import { subcategoriesPerService } from "#app/content/services.ts";
import { noteMaxLength } from "#app/features/inbox/notes.ts";
import { bodyCapOf, bodyMessages, boundedBodies, defaultBodyCap, lingerMs } from "./body-limits.ts";

const megabyte = 1024 * 1024;
let base: string;
let close: () => void;
/** What the route behind the guard was given, per request: it reads all it gets, as `request.formData()` does. */
let reached: { path: string; bytes: number }[];

beforeAll(async () => {
  const app = express();
  app.use(pinoHttp({ logger: pino({ level: "silent" }) }));
  app.use(boundedBodies());
  app.all("/{*path}", async (request, response) => {
    let bytes = 0;
    const body: unknown = request.body;
    if (Buffer.isBuffer(body)) bytes = body.length;
    else for await (const chunk of request) bytes += (chunk as Buffer).length;
    reached.push({ path: request.path, bytes });
    response.type("text/plain").send(`read ${bytes}`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());
beforeEach(() => {
  reached = [];
});

interface Sent {
  status: number | undefined;
  text: string;
  /** Bytes the client got onto the wire before the answer came or the server hung up. */
  sent: number;
}

/**
 * Posts `total` bytes of form body, with its length declared or chunked without one, as fast
 * as the server takes them, and stops once the server has answered.
 */
function post(path: string, total: number, { declared }: { declared: boolean }): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(Math.min(total, megabyte), "a");
    let sent = 0;
    let answer: Pick<Sent, "status" | "text"> | undefined;
    const request = httpRequest(`${base}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(declared ? { "Content-Length": String(total) } : {}) },
    });
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (part: string) => (text += part));
      response.on("end", () => {
        answer = { status: response.statusCode, text };
        request.destroy();
        resolve({ ...answer, sent });
      });
    });
    // The server hanging up on a body it will not read is expected; without an answer it is a failure.
    request.on("error", (error) => setImmediate(() => answer ?? reject(error)));
    const write = () => {
      while (sent < total && !answer && !request.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += part.length;
        if (!request.write(part)) return void request.once("drain", write);
      }
      if (sent >= total) request.end();
    };
    write();
  });
}

/**
 * Sends `megabytes` of form body whatever the server answers, a megabyte every `pauseMs`, on a
 * plain socket that asks for the connection to close after: what the server answered and when,
 * and when it closed the connection.
 */
function postRegardless(path: string, megabytes: number, { declared, pauseMs = 0 }: { declared: boolean; pauseMs?: number }) {
  return new Promise<{ status: number; text: string; answeredAt: number; closedAt: number }>((resolve) => {
    const { port } = new URL(base);
    const socket = connect(Number(port), "127.0.0.1");
    const length = declared ? `Content-Length: ${megabytes * megabyte}` : "Transfer-Encoding: chunked";
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\n${length}\r\n\r\n`);
    const chunk = Buffer.alloc(megabyte, "a");
    const framed = declared ? chunk : Buffer.concat([Buffer.from(`${megabyte.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    let received = "";
    let answeredAt = Number.NaN;
    socket.setEncoding("utf8");
    socket.on("data", (part: string) => {
      received += part;
      if (Number.isNaN(answeredAt) && received.includes("\r\n\r\n")) answeredAt = performance.now();
    });
    // A reset or a broken pipe once the server hangs up: what matters is whether the answer came first.
    socket.on("error", () => {});
    socket.on("close", () => {
      const [head = "", text = ""] = received.split("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), text, answeredAt, closedAt: performance.now() });
    });
    let sent = 0;
    const write = () => {
      while (sent < megabytes && !socket.destroyed) {
        sent++;
        if (!socket.write(framed)) return void socket.once("drain", write);
        if (pauseMs > 0) return void setTimeout(write, pauseMs);
      }
      if (sent >= megabytes && !socket.destroyed) socket.write(declared ? "" : "0\r\n\r\n");
    };
    write();
  });
}

describe("the body cap of each route", () => {
  it("is small for forms, larger only for the editors that need it, and left to the routes that stream their uploads", () => {
    expect(bodyCapOf("/auth")).toBe(16 * 1024);
    expect(bodyCapOf("/auth.data")).toBe(16 * 1024);
    expect(bodyCapOf("/auth/setup")).toBe(16 * 1024);
    expect(bodyCapOf("/admin/hero")).toBe(16 * 1024);
    expect(bodyCapOf("/admin/users")).toBe(16 * 1024);
    expect(bodyCapOf("/admin/requests/0b7c2bce-5d0e-4a53-9b0e-3f1a7c1d2e4f")).toBe(32 * 1024);
    expect(bodyCapOf("/admin/trust-badges.data")).toBe(256 * 1024);
    expect(bodyCapOf("/no/such/page")).toBe(defaultBodyCap);
    for (const path of ["/api/service-requests", "/request", "/request.data", "/admin/requests/log-call", "/admin/uploads"]) expect(bodyCapOf(path)).toBeNull();
  });

  /** Every field at its longest, in characters that take nine bytes URL-encoded: the worst an editor can honestly send. */
  const longest = (length: number) => "三".repeat(length);
  const encodedSize = (fields: [string, string][]) => new URLSearchParams(fields).toString().length;
  it.each<[string, [string, string][]]>([
    [
      "/admin/trust-badges",
      [
        ["intent", "save"],
        ["headline", longest(120)],
        ["description", longest(600)],
        ...Array.from({ length: maxTrustBadges }, (_, index): [string, string][] => [
          [`badges.${index}.name`, longest(80)],
          [`badges.${index}.logoUrl`, longest(500)],
          [`badges.${index}.isActive`, "on"],
        ]).flat(),
      ],
    ],
    [
      "/admin/services",
      Array.from({ length: 5 }, (_, index): [string, string][] => [
        [`cards.${index}.slug`, "water-damage-restoration"],
        [`cards.${index}.title`, longest(80)],
        [`cards.${index}.subtitle`, longest(80)],
        [`cards.${index}.summary`, longest(240)],
        [`cards.${index}.description`, longest(500)],
        ...Array.from({ length: subcategoriesPerService }, (_, sub): [string, string] => [`cards.${index}.subcategories.${sub}`, longest(60)]),
        [`cards.${index}.icon`, "droplets"],
        [`cards.${index}.featured`, "on"],
        [`cards.${index}.imageUrl`, longest(500)],
      ]).flat(),
    ],
    [
      "/admin/mission",
      [
        ["headline", longest(120)],
        ["subheadline", longest(240)],
        ...Array.from({ length: maxReasons }, (_, index): [string, string][] => [
          [`reasons.${index}.text`, longest(120)],
          [`reasons.${index}.icon`, "shield"],
        ]).flat(),
      ],
    ],
    ["/admin/hero", [["title", longest(120)], ["subtitle", longest(80)], ["description", longest(500)], ["buttonText", longest(40)], ["backgroundImageUrl", longest(500)]]],
    ["/admin/requests/0b7c2bce-5d0e-4a53-9b0e-3f1a7c1d2e4f", [["intent", "note"], ["body", longest(noteMaxLength)]]],
    ["/auth", [["intent", "sign-up"], ["email", longest(100)], ["password", longest(128)]]],
  ])("fits the longest form %s sends", (path, fields) => {
    expect(encodedSize(fields)).toBeLessThanOrEqual(bodyCapOf(path) ?? 0);
  });
});

describe("bounded bodies", () => {
  it.each(["/auth", "/auth/setup?token=x", "/admin/hero", "/admin/trust-badges"])("hands %s a body within its cap, declared or chunked", async (path) => {
    const cap = bodyCapOf(path.split("?")[0] ?? "") ?? 0;
    for (const declared of [true, false]) {
      const answer = await post(path, cap, { declared });
      expect(answer).toMatchObject({ status: 200, text: `read ${cap}` });
    }
  });

  it.each(["/auth", "/auth/setup", "/admin/hero", "/admin/requests/0b7c2bce-5d0e-4a53-9b0e-3f1a7c1d2e4f"])(
    "refuses a body one byte over the cap of %s with 413 and a message, declared or chunked, reading all of it so the browser sees the answer",
    async (path) => {
      const cap = bodyCapOf(path) ?? 0;
      for (const declared of [true, false]) {
        const answer = await post(path, cap + 1, { declared });
        expect(answer).toEqual({ status: 413, text: bodyMessages.tooLarge(cap), sent: cap + 1 });
      }
      expect(reached).toEqual([]);
    },
  );

  it.each([
    ["/auth", true],
    ["/auth/setup", false],
    ["/admin/hero", true],
    ["/auth", false],
  ])("answers a 300 MB body to %s (length declared: %s) at once, without reading or keeping it", async (path, declared) => {
    const total = 300 * megabyte;
    const rssBefore = process.memoryUsage().rss;
    const answer = await post(path, total, { declared });
    expect(answer.status).toBe(413);
    expect(answer.text).toBe(bodyMessages.tooLarge(bodyCapOf(path) ?? 0));
    expect(answer.sent).toBeLessThan(32 * megabyte);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * megabyte);
    expect(reached).toEqual([]);
  });

  it("answers a client that keeps sending 300 MB after the answer every time: the connection closes only once the body has stopped", async () => {
    const answers = [];
    for (let attempt = 0; attempt < 20; attempt++) answers.push(await postRegardless("/auth", 300, { declared: attempt % 2 === 0 }));
    expect(answers.filter((answer) => answer.status !== 413 || answer.text !== bodyMessages.tooLarge(defaultBodyCap))).toEqual([]);
    expect(reached).toEqual([]);
  });

  it("cuts off a client still sending a body over its cap once the linger time is up", async () => {
    const startedAt = performance.now();
    const answer = await postRegardless("/auth", 10_000, { declared: false, pauseMs: 50 });
    expect(answer.status).toBe(413);
    expect(answer.answeredAt - startedAt).toBeLessThan(lingerMs);
    expect(answer.closedAt - answer.answeredAt).toBeGreaterThanOrEqual(lingerMs - 100);
    expect(answer.closedAt - answer.answeredAt).toBeLessThan(lingerMs + 1_000);
  });

  it("leaves the routes that stream their uploads to bound them themselves", async () => {
    const answer = await post("/api/service-requests", 3 * megabyte, { declared: false });
    expect(answer).toMatchObject({ status: 200, text: `read ${3 * megabyte}` });
  });

  it.each([
    ["percent-encoded in a URL-encoded form", "application/x-www-form-urlencoded", "intent=sign-in&email=a%00b%40example.com&password=x"],
    ["raw in a multipart form", "multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\0b@example.com\r\n--x--\r\n'],
  ])("refuses a NUL byte %s with 400 and a message", async (_case, contentType, body) => {
    const response = await fetch(`${base}/auth`, { method: "POST", headers: { "Content-Type": contentType }, body });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(bodyMessages.nul);
    expect(reached).toEqual([]);
  });

  it("lets the text %00 through when it was typed (then it is sent as %2500)", async () => {
    const response = await fetch(`${base}/auth`, { method: "POST", body: new URLSearchParams({ note: "100%00" }) });
    expect(response.status).toBe(200);
  });
});
