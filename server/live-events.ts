import { asc, gt, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "./db/client.ts";
import { adminEvents } from "./db/schema.ts";
import type { Logger } from "./logger.ts";

/** What happened to a request, as the staff's open admin pages hear of it. */
export const liveEventKinds = [
  "request.created",
  "request.status",
  "request.note",
  "request.acknowledged",
  "request.deleted",
  /** Any other change to a request (assignment, bulk edits): the pages reload what they show. */
  "request.changed",
] as const;
export type LiveEventKind = (typeof liveEventKinds)[number];

export interface LiveEventInput {
  kind: LiveEventKind;
  requestId?: string | null;
  /** A new urgent request: pages that chose to may play a sound. */
  urgent?: boolean;
}

export interface LiveEvent {
  id: number;
  kind: LiveEventKind;
  requestId: string | null;
  urgent: boolean;
}

/** The NOTIFY channel every instance listens on. */
export const liveChannel = "admin_live";

/** A database or a transaction: publish in the transaction that makes the change, so it is heard only if it commits. */
export type LiveExecutor = Pick<Database, "insert" | "execute">;

/**
 * Tells every open admin page, on every instance, that a request changed. Call it inside the
 * change's transaction: the event is stored (for pages that reconnect) and announced on commit.
 */
export async function publishLiveEvent(executor: LiveExecutor, event: LiveEventInput): Promise<void> {
  await executor.insert(adminEvents).values({ kind: event.kind, requestId: event.requestId ?? null, urgent: event.urgent ?? false });
  await executor.execute(sql`select pg_notify(${liveChannel}, '')`);
}

/** How many events one catch-up replays at most: a page further behind reloads everything instead. */
export const catchUpLimit = 200;

/** Events after `afterId`, oldest first; `complete` is false when more were left than one catch-up replays. */
export async function eventsAfter(db: Pick<Database, "select">, afterId: number): Promise<{ events: LiveEvent[]; complete: boolean }> {
  const rows = await db.select().from(adminEvents).where(gt(adminEvents.id, afterId)).orderBy(asc(adminEvents.id)).limit(catchUpLimit + 1);
  return { events: rows.slice(0, catchUpLimit).map(toLiveEvent), complete: rows.length <= catchUpLimit };
}

export async function latestEventId(db: Pick<Database, "select">): Promise<number> {
  const [row] = await db.select({ id: sql<number>`coalesce(max(${adminEvents.id}), 0)`.mapWith(Number) }).from(adminEvents);
  return row?.id ?? 0;
}

function toLiveEvent(row: typeof adminEvents.$inferSelect): LiveEvent {
  return { id: row.id, kind: row.kind as LiveEventKind, requestId: row.requestId, urgent: row.urgent };
}

export interface LiveHub {
  /** Hears every event from now on, and `onStop` when the hub stops (at shutdown); returns the way to stop hearing. */
  subscribe(listener: (event: LiveEvent) => void, onStop?: () => void): () => void;
  eventsAfter(afterId: number): ReturnType<typeof eventsAfter>;
  latestEventId(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Ids are handed out when a transaction inserts, not when it commits: a slower transaction may
 * commit an id below one already read. Each read looks this far back, and skips what it delivered.
 */
const lookBack = 50;

/**
 * One per process: hears the database's announcements (or, in case one was lost, looks every
 * `pollIntervalMs`) and hands each new event once to every subscriber.
 */
export async function startLiveHub({
  database,
  logger,
  pollIntervalMs = 5_000,
}: {
  database: Pick<DatabaseHandle, "db" | "listen">;
  logger: Logger;
  pollIntervalMs?: number;
}): Promise<LiveHub> {
  const { db } = database;
  const listeners = new Set<(event: LiveEvent) => void>();
  const stopWatchers = new Map<(event: LiveEvent) => void, () => void>();
  const delivered = new Set<number>();
  let highest = 0;
  let reading: Promise<void> | undefined;
  let again = false;

  /** Events after the last ones read; the first read only notes what happened before the hub started. */
  async function readNew(announce = true): Promise<void> {
    const rows = await db
      .select()
      .from(adminEvents)
      .where(gt(adminEvents.id, Math.max(highest - lookBack, 0)))
      .orderBy(asc(adminEvents.id))
      .limit(1000);
    for (const row of rows) {
      if (delivered.has(row.id)) continue;
      delivered.add(row.id);
      highest = Math.max(highest, row.id);
      if (!announce) continue;
      const event = toLiveEvent(row);
      for (const listener of listeners) listener(event);
    }
    for (const id of delivered) if (id <= highest - lookBack) delivered.delete(id);
  }

  /** Reads coalesce: announcements during a read cause one more read after it. */
  function look(): void {
    if (reading) {
      again = true;
      return;
    }
    reading = readNew()
      .catch((error: unknown) => logger.warn({ err: error }, "Reading live admin events failed; trying again shortly"))
      .finally(() => {
        reading = undefined;
        if (again) {
          again = false;
          look();
        }
      });
  }

  highest = Math.max((await latestEventId(db)) - lookBack, 0);
  await readNew(false);
  const stopListening = await database.listen(liveChannel, look);
  const timer = setInterval(look, pollIntervalMs);
  timer.unref();
  return {
    subscribe(listener, onStop) {
      listeners.add(listener);
      if (onStop) stopWatchers.set(listener, onStop);
      return () => {
        listeners.delete(listener);
        stopWatchers.delete(listener);
      };
    },
    eventsAfter: (afterId) => eventsAfter(db, afterId),
    latestEventId: () => latestEventId(db),
    async stop() {
      clearInterval(timer);
      for (const onStop of [...stopWatchers.values()]) onStop();
      listeners.clear();
      stopWatchers.clear();
      // The database may be gone already (a failed start, a test that closed it): nothing left to stop then.
      await stopListening().catch(() => {});
      await reading;
    },
  };
}
