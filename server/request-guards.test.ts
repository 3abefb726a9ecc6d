import express from "express";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { pinoHttp } from "pino-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privatePages, sameOriginWrites } from "./request-guards.ts";

let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(pinoHttp({ logger: pino({ level: "silent" }) }));
  app.use(privatePages());
  app.use(sameOriginWrites("https://www.example.com"));
  app.all("/{*path}", (_request, response) => {
    response.send("done");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("sameOriginWrites", () => {
  it.each([
    ["the public origin", { Origin: "https://www.example.com" }, 200],
    ["the address the request came to", { Origin: "HOST" }, 200],
    ["another site", { Origin: "https://evil.example" }, 403],
    ["a sandboxed page", { Origin: "null" }, 403],
    ["a browser saying cross-site without an origin", { "Sec-Fetch-Site": "cross-site" }, 403],
    ["a client that is not a browser", {}, 200],
  ])("a POST from %s answers %i", async (_from, headers: Record<string, string>, status) => {
    if (headers.Origin === "HOST") headers.Origin = base;
    const response = await fetch(`${base}/auth`, { method: "POST", headers, body: "x=1" });
    expect(response.status).toBe(status);
  });

  it("lets reads through from anywhere", async () => {
    expect((await fetch(`${base}/`, { headers: { Origin: "https://evil.example" } })).status).toBe(200);
  });
});

describe("privatePages", () => {
  it.each(["/admin", "/admin/users", "/admin.data", "/admin/users.data", "/auth/confirm", "/auth/setup", "/auth.data"])(
    "%s is private and not indexed",
    async (path) => {
      const response = await fetch(`${base}${path}`);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    },
  );

  it("keeps the sign-in page out of caches, but lets search engines find it", async () => {
    const response = await fetch(`${base}/auth`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBeNull();
  });

  it.each(["/", "/administrator-tips", "/request"])("%s is public", async (path) => {
    expect((await fetch(`${base}${path}`)).headers.get("cache-control")).toBeNull();
  });
});
