import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** A proxy's id is kept only when it cannot forge or bloat a log line. */
const acceptableId = /^[\w-]{1,64}$/;

/** The id of a request: the one a proxy in front already gave it, when short and plain, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers["x-request-id"];
  return typeof incoming === "string" && acceptableId.test(incoming) ? incoming : randomUUID();
}

/** The id that ties a request's log lines together, sent back as `X-Request-Id`. */
export function assignRequestId(request: IncomingMessage, response: ServerResponse): string {
  const id = requestIdOf(request);
  response.setHeader("X-Request-Id", id);
  return id;
}
