import type { ServerResponse } from "node:http";

/**
 * Calls `listener` once, just before the response's head is written, whether the handler writes
 * it or the first body write does: after the handler's work is done, before any byte can reach
 * the client. The listener may still set headers.
 */
export function beforeHead(response: ServerResponse, listener: () => void): void {
  const writeHead = response.writeHead;
  let called = false;
  response.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!called) {
      called = true;
      listener();
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
}
