import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deliveriesOf } from "#app/features/inbox/deliveries.server.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { storeRequest } from "#tests/support/requests.ts";
import { createAccount } from "#tests/support/staff.ts";
import { adminEvents, outboxMessages, rateLimitHits, sessions, verifications } from "./db/schema.ts";
import { pruneExpired } from "./prune.ts";
import { longestRateLimitWindowMs, takeRateLimit } from "./rate-limit.ts";
import { createFolderStorage } from "./storage.ts";

const dayMs = 24 * 60 * 60 * 1000;
const now = new Date("2026-06-15T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe.each(testBackends)("pruning on $name", (backend) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await backend.open();
  });
  afterEach(() => database.dispose());

  /** A message in the outbox as the outbox writes it, in the given state. */
  async function message(kind: "email" | "webhook", status: "pending" | "sent" | "failed", sentAt: Date | null, requestId?: string, label = "Office email") {
    const payload = kind === "webhook" ? { body: `{"id":"${requestId}"}` } : { to: "office@example.com", subject: label, text: "The visitor's details" };
    const [row] = await database.db
      .insert(outboxMessages)
      .values({ kind, label, payload, requestId: requestId ?? null, status, sentAt, sentVia: sentAt ? "smtp" : null, nextAttemptAt: ago(32 * dayMs) })
      .returning({ id: outboxMessages.id });
    return row?.id ?? "";
  }

  it("removes expired sessions and tokens, old rate-limit attempts and old account emails; empties old notifications of requests, keeping their record", async () => {
    const userId = await createAccount(database.db, "staff@example.com", "editor");
    const session = (id: string, expiresAt: Date) => ({ id, token: randomUUID(), userId, expiresAt });
    await database.db.insert(sessions).values([session("expired", ago(1)), session("live", new Date(now.getTime() + dayMs))]);
    const verification = (id: string, expiresAt: Date) => ({ id, identifier: "staff@example.com", value: randomUUID(), expiresAt });
    await database.db.insert(verifications).values([verification("expired", ago(1)), verification("live", new Date(now.getTime() + 1))]);
    await database.db.insert(rateLimitHits).values([
      { key: "old", at: ago(longestRateLimitWindowMs + 1) },
      { key: "recent", at: ago(longestRateLimitWindowMs - 1) },
    ]);

    const { id: requestId } = await storeRequest(database.db, createFolderStorage("/nonexistent"));
    const oldAccountEmail = await message("email", "sent", ago(31 * dayMs), undefined, "Confirm your email");
    const recentAccountEmail = await message("email", "sent", ago(29 * dayMs), undefined, "Confirm your email");
    const oldOffice = await message("email", "sent", ago(31 * dayMs), requestId, "Office email");
    const oldWebhook = await message("webhook", "sent", ago(31 * dayMs), requestId);
    const recentVisitor = await message("email", "sent", ago(29 * dayMs), requestId, "Visitor confirmation");
    const oldFailed = await message("email", "failed", null, undefined, "Password reset");
    const oldPending = await message("email", "pending", null, undefined, "Password reset");
    const deliveriesBefore = await deliveriesOf(database.db, requestId);
    await database.db.insert(adminEvents).values([
      { kind: "request.created", requestId, createdAt: ago(dayMs + 1) },
      { kind: "request.note", requestId, createdAt: ago(dayMs - 1) },
    ]);

    expect(await pruneExpired(database.db, { keepSentDays: 30 }, now)).toEqual({
      sessions: 1,
      verifications: 1,
      rateLimitHits: 1,
      sentMessagesDeleted: 1,
      sentMessagesEmptied: 2,
      liveEvents: 1,
    });
    expect((await database.db.select({ kind: adminEvents.kind }).from(adminEvents)).map((row) => row.kind)).toEqual(["request.note"]);
    expect((await database.db.select({ id: sessions.id }).from(sessions)).map((row) => row.id)).toEqual(["live"]);
    expect((await database.db.select({ id: verifications.id }).from(verifications)).map((row) => row.id)).toEqual(["live"]);
    expect((await database.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key)).toEqual(["recent"]);

    const kept = await database.db.select().from(outboxMessages);
    const payloads = new Map(kept.map((row) => [row.id, row.payload]));
    const labels = new Map(kept.map((row) => [row.id, row.label]));
    expect(payloads.has(oldAccountEmail)).toBe(false);
    expect(payloads.get(recentAccountEmail)).toMatchObject({ text: "The visitor's details" });
    expect(payloads.get(oldOffice)).toEqual({});
    expect(labels.get(oldOffice)).toBe("Office email");
    expect(payloads.get(oldWebhook)).toEqual({});
    expect(payloads.get(recentVisitor)).toMatchObject({ text: "The visitor's details" });
    expect(labels.get(recentVisitor)).toBe("Visitor confirmation");
    expect(payloads.get(oldFailed)).toMatchObject({ text: "The visitor's details" });
    expect(payloads.get(oldPending)).toMatchObject({ text: "The visitor's details" });
    // What staff see of the request's notifications is unchanged.
    expect(await deliveriesOf(database.db, requestId)).toEqual(deliveriesBefore);

    expect(await pruneExpired(database.db, { keepSentDays: 30 }, now)).toEqual({
      sessions: 0,
      verifications: 0,
      rateLimitHits: 0,
      sentMessagesDeleted: 0,
      sentMessagesEmptied: 0,
      liveEvents: 0,
    });
  });

  it("refuses a rate limit counting further back than pruning keeps attempts", async () => {
    await expect(
      database.db.transaction((tx) => takeRateLimit(tx, ["key"], { limit: 1, windowMs: longestRateLimitWindowMs + 1 }, now)),
    ).rejects.toThrow(/longer than the pruning keeps attempts/);
  });
});
