import { and, asc, desc, eq, lte, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import { idSchema } from "#app/domain/ids.ts";
import type { Database } from "./db/client.ts";
import type { DeliveryChannel } from "#app/domain/outbox.ts";
import { outboxMessages, pushSubscriptions } from "./db/schema.ts";
import type { Logger } from "./logger.ts";
import type { MailMessage, Mailer } from "./mail.ts";
import type { PushSender } from "./push.ts";
import type { WebhookSender } from "./webhook.ts";

/** A database or a transaction: enqueue in the same transaction as what caused the message. */
export type Executor = Pick<Database, "insert">;

/**
 * Records an email to send and returns its outbox id. Nothing is sent here: the worker delivers it
 * once the surrounding transaction commits, and never if it rolls back.
 */
export async function enqueueEmail(executor: Executor, message: MailMessage, requestId?: string, label = "Email"): Promise<string> {
  const payload: MailMessage = { to: message.to, subject: message.subject, text: message.text };
  if (message.replyTo !== undefined) payload.replyTo = message.replyTo;
  const [row] = await executor
    .insert(outboxMessages)
    .values({
      kind: "email",
      label,
      payload,
      requestId: requestId ?? null,
      // The application's clock, as the worker's due check uses: a database clock running ahead would delay it.
      nextAttemptAt: new Date(),
    })
    .returning({ id: outboxMessages.id });
  if (!row) throw new Error("The outbox row was not returned");
  return row.id;
}

/**
 * Records a webhook call for a request, once: a second one for the same request is ignored.
 * The body is kept as the exact text to send, so every retry sends (and signs) the same bytes.
 */
export async function enqueueWebhook(executor: Executor, body: Record<string, unknown>, requestId: string, label: string): Promise<void> {
  await executor
    .insert(outboxMessages)
    .values({ kind: "webhook", label, payload: { body: JSON.stringify(body) }, requestId, nextAttemptAt: new Date() })
    .onConflictDoNothing();
}

/**
 * Records a push alert to one device. The body is the exact JSON the device receives; it is
 * encrypted for the device only when sent, so a retry after new keys still reaches it.
 */
export async function enqueuePush(
  executor: Executor,
  { label, ...push }: { subscriptionId: string; body: string; urgent: boolean; label: string },
  requestId?: string | null,
): Promise<void> {
  await executor.insert(outboxMessages).values({ kind: "push", label, payload: push, requestId: requestId ?? null, nextAttemptAt: new Date() });
}

export interface OutboxWorker {
  /** Asks for a drain soon; pokes while one is running or waiting coalesce into one. */
  poke(): void;
  /** Delivers every due message, after any drain already running; resolves with how many were sent. */
  drain(): Promise<number>;
  /** Stops polling and waits for the drain in progress (which stops after its current message). */
  stop(): Promise<void>;
}

export interface OutboxWorkerOptions {
  db: Database;
  mailer: Mailer;
  /** Unset when WEBHOOK_URL is not: webhook messages then fail with that reason. */
  webhook?: WebhookSender | undefined;
  /** Unset: push messages fail with that reason. */
  push?: PushSender | undefined;
  logger: Logger;
  pollIntervalMs?: number;
  /** Delivery attempts before a message is marked failed. */
  maxAttempts?: number;
  /** The clock for every due check and timestamp; tests move it instead of sleeping. */
  now?: () => Date;
}

const firstRetryMs = 30_000;
/**
 * How long a claimed message is its worker's alone. Longer than any send takes (the mail server's
 * and the webhook's time-outs end well inside it); if the worker dies mid-send, the message is due
 * again when the lease ends, and another worker sends it.
 */
export const outboxLeaseMs = 2 * 60 * 1000;
const longestRetryMs = 60 * 60 * 1000;
const lastErrorLength = 1000;

/** 30 s, 1 min, 2 min, … up to 1 h after the given number of failed attempts (1, 2, 3, …). */
export function retryDelayMs(attempts: number): number {
  return Math.min(firstRetryMs * 2 ** Math.max(attempts - 1, 0), longestRetryMs);
}

const emailPayload = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  replyTo: z.string().min(1).optional(),
});

const webhookPayload = z.object({ body: z.string() });

const pushPayload = z.object({ subscriptionId: idSchema, body: z.string(), urgent: z.boolean() });

/** A problem retrying cannot fix: the message is marked failed at once. */
class PermanentError extends Error {}

type OutboxRow = typeof outboxMessages.$inferSelect;
type Outcome = "sent" | "retry" | "failed";

/**
 * Delivers the outbox. Each message is claimed with `FOR UPDATE SKIP LOCKED` in a short
 * transaction that leases it (see `outboxLeaseMs`), sent outside any transaction, and its
 * outcome recorded if the lease is still held: any number of workers, in one process or many,
 * send each message once, and a slow mail server or webhook never holds the database. A crash
 * between sending and recording sends it again once the lease ends (at least once, never lost).
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, mailer, webhook, push, logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 5000;
  const maxAttempts = options.maxAttempts ?? 8;
  const now = options.now ?? (() => new Date());

  let stopped = false;
  /** The drain running or last run: the next one starts after it. */
  let tail: Promise<unknown> = Promise.resolve();
  /** A drain asked for but not started yet: later requests share it. */
  let queued: Promise<number> | undefined;

  /** Sends one message; resolves with where it went. */
  async function deliver(message: OutboxRow): Promise<DeliveryChannel> {
    if (message.kind === "email") {
      const payload = emailPayload.safeParse(message.payload);
      if (!payload.success) throw new PermanentError("Invalid email payload");
      return mailer.send({ ...payload.data, deliveryKey: message.id });
    }
    if (message.kind === "webhook") {
      const payload = webhookPayload.safeParse(message.payload);
      if (!payload.success) throw new PermanentError("Invalid webhook payload");
      if (!webhook) throw new PermanentError("WEBHOOK_URL is not set");
      await webhook.send(payload.data.body);
      return "webhook";
    }
    if (message.kind === "push") return deliverPush(message.payload);
    throw new PermanentError(`Unknown message kind "${String(message.kind)}"`);
  }

  /** A device that said it no longer exists (404, 410) is forgotten; a busy or failing push service is tried again. */
  async function deliverPush(raw: unknown): Promise<DeliveryChannel> {
    const payload = pushPayload.safeParse(raw);
    if (!payload.success) throw new PermanentError("Invalid push payload");
    if (!push) throw new PermanentError("Push alerts are not set up");
    const { subscriptionId, body, urgent } = payload.data;
    const [device] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    if (!device) throw new PermanentError("The device has turned alerts off");
    const status = await push.send({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, body, urgent);
    if (status === 404 || status === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
      throw new PermanentError(`The push service answered ${status}: the device no longer takes alerts, so it was removed`);
    }
    if (status === 429 || status >= 500) throw new Error(`The push service answered ${status}`);
    if (status >= 400) throw new PermanentError(`The push service refused the alert (${status})`);
    return "push";
  }

  /**
   * Takes the next due message in a short transaction: it becomes this worker's until the lease
   * ends (its next attempt is moved there), so no transaction stays open while it is sent.
   */
  async function claimNext(tried: string[]): Promise<{ message: OutboxRow; leasedUntil: Date } | null> {
    return db.transaction(async (tx) => {
      const [message] = await tx
        .select()
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.status, "pending"),
            lte(outboxMessages.nextAttemptAt, now()),
            tried.length > 0 ? notInArray(outboxMessages.id, tried) : undefined,
          ),
        )
        // Staff alerts first: after a burst of requests, an urgent push must not wait behind their emails.
        .orderBy(desc(sql`${outboxMessages.kind} = 'push'`), asc(outboxMessages.nextAttemptAt), asc(outboxMessages.createdAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!message) return null;
      // Never twice in one drain, whatever the clock does meanwhile.
      tried.push(message.id);
      const leasedUntil = new Date(now().getTime() + outboxLeaseMs);
      await tx.update(outboxMessages).set({ nextAttemptAt: leasedUntil }).where(eq(outboxMessages.id, message.id));
      return { message, leasedUntil };
    });
  }

  async function deliverNext(tried: string[]): Promise<Outcome | null> {
    const claim = await claimNext(tried);
    if (!claim) return null;
    const { message, leasedUntil } = claim;
    const attempts = message.attempts + 1;
    // The outcome is recorded only while the lease is still this worker's.
    const record = async (changes: Partial<OutboxRow>) => {
      const recorded = await db
        .update(outboxMessages)
        .set(changes)
        .where(and(eq(outboxMessages.id, message.id), eq(outboxMessages.status, "pending"), eq(outboxMessages.nextAttemptAt, leasedUntil)))
        .returning({ id: outboxMessages.id });
      if (recorded.length === 0) logger.warn({ outboxId: message.id, kind: message.kind }, "outbox lease ended before the outcome was recorded; it may be sent again");
    };
    let sentVia: DeliveryChannel;
    try {
      sentVia = await deliver(message);
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, lastErrorLength);
      const context = { outboxId: message.id, kind: message.kind, requestId: message.requestId, attempts, error: lastError };
      if (error instanceof PermanentError || attempts >= maxAttempts) {
        await record({ status: "failed", attempts, lastError });
        logger.error(context, "outbox message could not be delivered and was given up");
        return "failed";
      }
      const nextAttemptAt = new Date(now().getTime() + retryDelayMs(attempts));
      await record({ attempts, lastError, nextAttemptAt });
      logger.warn({ ...context, nextAttemptAt }, "outbox message not delivered, will retry");
      return "retry";
    }
    await record({ status: "sent", attempts, sentAt: now(), sentVia });
    return "sent";
  }

  async function runDrain(): Promise<number> {
    let sent = 0;
    const tried: string[] = [];
    while (!stopped) {
      const outcome = await deliverNext(tried);
      if (outcome === null) break;
      if (outcome === "sent") sent += 1;
    }
    return sent;
  }

  function drain(): Promise<number> {
    if (queued) return queued;
    const run = tail.then(() => {
      queued = undefined;
      return stopped ? 0 : runDrain();
    });
    queued = run;
    tail = run.catch(() => undefined);
    return run;
  }

  function poke(): void {
    if (stopped) return;
    drain().catch((error: unknown) => logger.error({ err: error }, "outbox drain failed"));
  }

  const timer = setInterval(poke, pollIntervalMs);
  timer.unref();
  // What a previous run left pending goes out now, not after the first interval.
  poke();

  return {
    poke,
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await tail;
    },
  };
}
