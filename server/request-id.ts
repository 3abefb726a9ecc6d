import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** A proxy's id is kept only when it cannot forge or bloat a log line. */
const acceptableId = /^[\w-]{1,64}$/;

/**
 * The id that ties a request's log lines together and is sent back as `X-Request-Id`: the one a
 * proxy in front already gave it, when short and plain, else a new one.
 */
export function assignRequestId(request: IncomingMessage, response: ServerResponse): string {
  const incoming = request.headers["x-request-id"];
  const id = typeof incoming === "string" && acceptableId.test(incoming) ? incoming : randomUUID();
  response.setHeader("X-Request-Id", id);
  return id;
}
