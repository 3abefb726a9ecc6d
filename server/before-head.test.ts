import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { beforeHead } from "./before-head.ts";

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function answer(handler: RequestListener) {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return { header: response.headers.get("x-before-head"), body: await response.text() };
}

describe("beforeHead", () => {
  it("runs once, after the handler's work and before the head is written, when the handler writes the head", async () => {
    const calls: string[] = [];
    const result = await answer((_request, response) => {
      beforeHead(response, () => {
        calls.push("listener");
        response.setHeader("x-before-head", String(calls.length));
      });
      calls.push("work");
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("done");
    });
    expect(calls).toEqual(["work", "listener"]);
    expect(result).toEqual({ header: "2", body: "done" });
  });

  it("runs when the first body write writes the head, and not again on later writes", async () => {
    let calls = 0;
    const result = await answer((_request, response) => {
      beforeHead(response, () => {
        calls += 1;
        response.setHeader("x-before-head", "yes");
      });
      response.write("first ");
      response.write("second");
      response.end();
    });
    expect(calls).toBe(1);
    expect(result).toEqual({ header: "yes", body: "first second" });
  });
});
