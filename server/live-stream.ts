import type { Request, RequestHandler, Response } from "express";
import type { LiveEvent, LiveHub } from "./live-events.ts";

/** Where the admin pages listen for changes. */
export const liveStreamPath = "/admin/live";

export interface LiveStreamOptions {
  hub: LiveHub;
  /**
   * Who may listen: the staff member's id, or why not (401: signed out; 403: not approved staff).
   * Asked when the stream opens and again every `recheckMs`, so a revoked account stops hearing.
   */
  authorize: (headers: Headers) => Promise<{ userId: string } | { refused: 401 | 403 }>;
  /** Streams this process keeps open at most, and per staff member (tabs, devices). */
  maxConnections?: number;
  maxPerUser?: number;
  heartbeatMs?: number;
  recheckMs?: number;
}

export interface LiveStream {
  handler: RequestHandler;
  /** Streams open now. */
  size(): number;
}

/** How soon a browser reconnects after losing the stream. */
const reconnectMs = 2_000;

function headersOf(request: Request): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
}

/** A cursor the browser sent back: Last-Event-ID on a reconnect, or `?since=` from a page that knows one. */
function cursorOf(request: Request): number | undefined {
  const raw = request.get("last-event-id") ?? (typeof request.query.since === "string" ? request.query.since : undefined);
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return undefined;
  return Number(raw);
}

/**
 * Server-sent events for signed-in, approved staff: every change to the requests, as it commits
 * on any instance. A reconnecting page sends the last id it saw and is given what it missed (or
 * told to reload everything, when that is too much). Never cached, never compressed (compression
 * would hold events back), bounded in number, kept alive by comments, and cleaned up on disconnect.
 */
export function createLiveStream({
  hub,
  authorize,
  maxConnections = 500,
  maxPerUser = 10,
  heartbeatMs = 20_000,
  recheckMs = 60_000,
}: LiveStreamOptions): LiveStream {
  const open = new Map<Response, { userId: string }>();
  const perUser = (userId: string) => [...open.values()].filter((stream) => stream.userId === userId).length;

  const handler: RequestHandler = async (request, response, next) => {
    if (request.method !== "GET") return next();
    let access: Awaited<ReturnType<typeof authorize>>;
    try {
      access = await authorize(headersOf(request));
    } catch (error) {
      return next(error);
    }
    response.setHeader("Cache-Control", "private, no-store, no-transform");
    if ("refused" in access) {
      response.status(access.refused).type("text/plain").send(access.refused === 401 ? "Sign in to follow the requests." : "Approved staff only.");
      return;
    }
    if (open.size >= maxConnections || perUser(access.userId) >= maxPerUser) {
      response.status(503).setHeader("Retry-After", "30");
      response.type("text/plain").send("Too many live connections; try again shortly.");
      return;
    }
    const { userId } = access;
    response.status(200);
    response.setHeader("Content-Type", "text/event-stream; charset=utf-8");
    response.setHeader("Connection", "keep-alive");
    // Proxies such as nginx would otherwise buffer the stream.
    response.setHeader("X-Accel-Buffering", "no");
    response.flushHeaders();
    request.socket.setNoDelay(true);

    const write = (text: string) => {
      if (!response.writableEnded) response.write(text);
    };
    const send = (event: LiveEvent) =>
      write(`id: ${event.id}\nevent: live\ndata: ${JSON.stringify({ kind: event.kind, requestId: event.requestId, urgent: event.urgent })}\n\n`);

    // Events that arrive while the catch-up is read wait their turn, so the order holds; the
    // hub hands each event over once, so only what the catch-up replayed can come twice.
    let backlog: LiveEvent[] | null = [];
    const replayed = new Set<number>();
    const deliver = (event: LiveEvent) => {
      if (backlog) backlog.push(event);
      else if (!replayed.has(event.id)) send(event);
    };
    // The hub stops at shutdown: an open stream would hold the server open.
    const unsubscribe = hub.subscribe(deliver, () => end());
    const heartbeat = setInterval(() => write(": heartbeat\n\n"), heartbeatMs);
    const recheck = setInterval(() => {
      authorize(headersOf(request))
        .then((again) => {
          if ("refused" in again) end();
        })
        .catch(() => {});
    }, recheckMs);
    const end = () => {
      if (!open.has(response)) return;
      open.delete(response);
      clearInterval(heartbeat);
      clearInterval(recheck);
      unsubscribe();
      if (!response.writableEnded) response.end();
    };
    open.set(response, { userId });
    request.on("close", end);
    response.on("error", end);

    write(`retry: ${reconnectMs}\n\n`);
    try {
      const cursor = cursorOf(request);
      const caughtUp = cursor === undefined ? undefined : await hub.eventsAfter(cursor);
      if (!caughtUp || !caughtUp.complete) {
        // A first connection starts from now (its page was just loaded); one too far behind reloads everything.
        write(`id: ${await hub.latestEventId()}\nevent: ${caughtUp ? "reset" : "ready"}\ndata: {}\n\n`);
      } else {
        for (const event of caughtUp.events) {
          replayed.add(event.id);
          send(event);
        }
        write("event: ready\ndata: {}\n\n");
      }
    } catch {
      end();
      return;
    }
    const waiting = backlog;
    backlog = null;
    for (const event of waiting) deliver(event);
  };

  return { handler, size: () => open.size };
}
