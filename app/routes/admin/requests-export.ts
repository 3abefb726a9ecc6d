import { recordStaffEvent } from "#app/features/audit/staff-events.server.ts";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import { toCsv } from "#app/features/inbox/csv.ts";
import { exportRequests, parseInboxFilter } from "#app/features/inbox/inbox.server.ts";
import { sourceLabels, statusLabels } from "#app/domain/request-statuses.ts";
import { loadCallbackPromiseMinutes } from "#app/features/site/callback-promise.server.ts";
import { formatOfficeTime } from "#app/domain/office-time.ts";
import type { Route } from "./+types/requests-export";

const header = [
  "Received",
  "Status",
  "Problem",
  "First name",
  "Last name",
  "Phone",
  "Email",
  "Address",
  "Photos",
  "Urgent",
  "Source",
  "Assigned to",
  "Water source stopped",
  "Standing water",
  "Insurance company",
  "Claim number",
  "Description",
  "Heard about us from",
  "Heard about us (other)",
  "Additional comments",
  "Link",
];

/** The filter as the address bar gave it, for the audit log: "status: new, q: smith", or "all requests". */
function describeExportFilter(searchParams: URLSearchParams): string {
  const parts = [...searchParams].filter(([name, value]) => name !== "page" && value !== "").map(([name, value]) => `${name}: ${value}`);
  return (parts.length > 0 ? parts.join(", ") : "all requests").slice(0, 300);
}

/** The inbox's current filter as a CSV file (all pages); each export is in the audit log with who and what. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireAccess(request, context, "staff");
  const { searchParams } = new URL(request.url);
  const scope = { viewerId: member.id, now: new Date(), callbackPromiseMinutes: await loadCallbackPromiseMinutes(context) };
  const rows = await exportRequests(context.db, parseInboxFilter(searchParams), scope);
  await recordStaffEvent(context.db, member, { kind: "requests-export", filter: describeExportFilter(searchParams), rows: rows.length });
  const base = context.publicUrl.replace(/\/+$/, "");
  const csv = toCsv(
    header,
    rows.map((row) => [
      formatOfficeTime(row.createdAt),
      statusLabels[row.status],
      row.problem,
      row.firstName,
      row.lastName,
      row.phone,
      row.email,
      row.address,
      row.photoCount,
      row.urgent ? "Yes" : "No",
      sourceLabels[row.source],
      row.assigneeEmail ?? "",
      row.sourceStopped,
      row.standingWater,
      row.insuranceCompany,
      row.claimNumber,
      row.problemDescription,
      row.referralSource,
      row.referralOther,
      row.additionalComments,
      `${base}/admin/requests/${row.id}`,
    ]),
  );
  context.logger.info({ by: member.id, rows: rows.length }, "Requests exported");
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="requests-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
