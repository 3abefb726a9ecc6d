import { count, desc, inArray, ne, sql } from "drizzle-orm";
import type { AccountRole } from "#app/domain/roles.ts";
import type { RevisionSummary } from "#app/features/content/revision-types.ts";
import { revisionSummaryColumns } from "#app/features/content/section-store.server.ts";
import type { Database } from "#server/db/client.ts";
import type { StaffEventSummary } from "#app/domain/staff-events.ts";
import { contentRevisions, staffEvents } from "#server/db/schema.ts";

type Executor = Pick<Database, "insert">;

/** Who did it: an account's id and email, or null for someone who was not signed in (a password reset by link). */
export interface Actor {
  id: string | null;
  email: string;
}

export type StaffEvent =
  | { kind: "account-role"; subjectEmail: string; from: AccountRole; to: AccountRole }
  | { kind: "password-reset"; subjectEmail: string }
  | { kind: "requests-export"; filter: string; rows: number };

/** Writes one entry of the audit log; in the caller's transaction when it has one, so the entry and the action stand or fall together. */
export async function recordStaffEvent(executor: Executor, actor: Actor, event: StaffEvent): Promise<void> {
  const { kind, ...rest } = event;
  const subjectEmail = "subjectEmail" in rest ? rest.subjectEmail : "";
  const details: Record<string, string | number> =
    event.kind === "account-role"
      ? { from: event.from, to: event.to }
      : event.kind === "requests-export"
        ? { filter: event.filter, rows: event.rows }
        : {};
  await executor.insert(staffEvents).values({ kind, actorId: actor.id, actorEmail: actor.email, subjectEmail, details });
}

/** One line of the audit log: a content change or a staff action. */
export type AuditEntry = ({ source: "content" } & RevisionSummary) | ({ source: "staff" } & StaffEventSummary);

export const auditPageSize = 50;

/**
 * Every content change and staff action, newest first, a page at a time (pages count from 1):
 * the two kinds are paged together, so a page is the 50 most recent of both.
 */
export async function auditLog(db: Database, page = 1): Promise<{ entries: AuditEntry[]; total: number }> {
  const source = (name: "content" | "staff") => sql<"content" | "staff">`${name}`.as("source");
  const content = db
    .select({ id: contentRevisions.id, source: source("content"), createdAt: contentRevisions.createdAt })
    .from(contentRevisions)
    .where(ne(contentRevisions.kind, "initial"));
  const staff = db.select({ id: staffEvents.id, source: source("staff"), createdAt: staffEvents.createdAt }).from(staffEvents);
  const [pageRows, [contentTotal], [staffTotal]] = await Promise.all([
    content
      .unionAll(staff)
      .orderBy(sql`created_at desc`, sql`id`)
      .limit(auditPageSize)
      .offset((page - 1) * auditPageSize),
    db.select({ total: count() }).from(contentRevisions).where(ne(contentRevisions.kind, "initial")),
    db.select({ total: count() }).from(staffEvents),
  ]);
  const ids = (kind: "content" | "staff") => pageRows.filter((row) => row.source === kind).map((row) => row.id);
  const [revisionRows, eventRows] = await Promise.all([
    ids("content").length === 0
      ? []
      : db
          .select(revisionSummaryColumns)
          .from(contentRevisions)
          .where(inArray(contentRevisions.id, ids("content"))),
    ids("staff").length === 0 ? [] : db.select().from(staffEvents).where(inArray(staffEvents.id, ids("staff"))),
  ]);
  const byId = new Map<string, AuditEntry>([
    ...revisionRows.map((row): [string, AuditEntry] => [row.id, { source: "content", ...row, createdAt: row.createdAt.toISOString() }]),
    ...eventRows.map((row): [string, AuditEntry] => [
      row.id,
      {
        source: "staff",
        id: row.id,
        kind: row.kind,
        actorEmail: row.actorEmail,
        subjectEmail: row.subjectEmail,
        details: row.details,
        createdAt: row.createdAt.toISOString(),
      },
    ]),
  ]);
  const entries = pageRows.flatMap((row) => byId.get(row.id) ?? []);
  return { entries, total: (contentTotal?.total ?? 0) + (staffTotal?.total ?? 0) };
}

/** The newest staff actions, most recent first. */
export async function recentStaffEvents(db: Pick<Database, "select">, limit = 20): Promise<StaffEventSummary[]> {
  const rows = await db.select().from(staffEvents).orderBy(desc(staffEvents.createdAt)).limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
