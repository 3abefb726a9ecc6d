import { and, count, desc, eq, gte, ne, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { requestStatusChanges, serviceRequests } from "#server/db/schema.ts";
import { officeTimeZone } from "#app/domain/office-time.ts";
import type { LeadFigures } from "./lead-figures-types.ts";

export const weeksShown = 12;
const dayMs = 24 * 60 * 60 * 1000;

/** Monday of the week `date` falls in, in the office's time zone, as `YYYY-MM-DD`. */
export function weekStartOf(date: Date): string {
  const local = new Date(date.toLocaleString("en-US", { timeZone: officeTimeZone }));
  const mondayOffset = (local.getDay() + 6) % 7;
  const monday = new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate() - mondayOffset));
  return monday.toISOString().slice(0, 10);
}

/** The last `weeksShown` weeks' Mondays, oldest first, the current week last. */
export function recentWeeks(now: Date): string[] {
  const current = Date.parse(`${weekStartOf(now)}T00:00:00Z`);
  return Array.from({ length: weeksShown }, (_, index) => new Date(current - (weeksShown - 1 - index) * 7 * dayMs).toISOString().slice(0, 10));
}

/** The dashboard's figures over real requests (spam left out): weekly volume, where they come from, urgency, speed. */
export async function leadFigures(db: Database, now = new Date()): Promise<LeadFigures> {
  const weeks = recentWeeks(now);
  // A day early, so every office-time Monday is inside; rows before the first week are dropped below.
  const since = new Date(Date.parse(`${weeks[0]}T00:00:00Z`) - dayMs);
  const monthAgo = new Date(now.getTime() - 30 * dayMs);
  const notSpam = ne(serviceRequests.status, "spam");
  // The zone is a constant written into the SQL, so the select and the group by are the same expression.
  const weekOf = sql<string>`to_char(date_trunc('week', ${serviceRequests.createdAt} at time zone ${sql.raw(`'${officeTimeZone}'`)}), 'YYYY-MM-DD')`;

  const [weekly, referrals, [month], [speed]] = await Promise.all([
    db
      .select({ week: weekOf, problem: serviceRequests.problem, total: count() })
      .from(serviceRequests)
      .where(and(notSpam, gte(serviceRequests.createdAt, since)))
      .groupBy(weekOf, serviceRequests.problem),
    db
      .select({ source: serviceRequests.referralSource, total: count() })
      .from(serviceRequests)
      .where(and(notSpam, gte(serviceRequests.createdAt, since), ne(serviceRequests.referralSource, "")))
      .groupBy(serviceRequests.referralSource)
      .orderBy(desc(count()), serviceRequests.referralSource)
      .limit(5),
    db
      .select({
        total: count(),
        urgent: sql<number>`count(*) filter (where ${serviceRequests.urgent})::int`,
        phoneCalls: sql<number>`count(*) filter (where ${serviceRequests.source} = 'phone')::int`,
      })
      .from(serviceRequests)
      .where(and(notSpam, gte(serviceRequests.createdAt, monthAgo))),
    db
      .select({
        contacted: sql<number>`count(*)::int`,
        median: sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from first_contact.at - ${serviceRequests.createdAt}) / 60)`,
      })
      .from(serviceRequests)
      .innerJoin(
        db
          .select({ requestId: requestStatusChanges.requestId, at: sql<Date>`min(${requestStatusChanges.createdAt})`.as("at") })
          .from(requestStatusChanges)
          .where(eq(requestStatusChanges.toStatus, "contacted"))
          .groupBy(requestStatusChanges.requestId)
          .as("first_contact"),
        sql`first_contact.request_id = ${serviceRequests.id}`,
      )
      .where(and(notSpam, gte(serviceRequests.createdAt, monthAgo))),
  ]);

  const byWeek = new Map(weeks.map((week) => [week, { week, byProblem: {} as Record<string, number>, total: 0 }]));
  const problemTotals = new Map<string, number>();
  for (const row of weekly) {
    const entry = byWeek.get(row.week);
    if (!entry) continue;
    entry.byProblem[row.problem] = (entry.byProblem[row.problem] ?? 0) + row.total;
    entry.total += row.total;
    problemTotals.set(row.problem, (problemTotals.get(row.problem) ?? 0) + row.total);
  }
  const median = speed?.median;
  return {
    weeks: [...byWeek.values()],
    problems: [...problemTotals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([problem]) => problem),
    referralSources: referrals,
    last30Days: {
      total: month?.total ?? 0,
      urgent: Number(month?.urgent ?? 0),
      phoneCalls: Number(month?.phoneCalls ?? 0),
      contacted: Number(speed?.contacted ?? 0),
      medianMinutesToContact: median === null || median === undefined ? null : Math.round(Number(median)),
    },
  };
}
