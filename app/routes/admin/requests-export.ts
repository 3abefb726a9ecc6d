import { recordStaffEvent } from "#app/features/audit/staff-events.server.ts";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import { toCsv } from "#app/features/inbox/csv.ts";
import { exportRequests, parseInboxFilter } from "#app/features/inbox/inbox.server.ts";
import { sourceLabels, statusLabels } from "#app/domain/request-statuses.ts";
import { loadCallbackPromiseMinutes } from "#app/features/site/callback-promise.server.ts";
import { formatOfficeTime } from "#app/domain/office-time.ts";
import { fieldsShownIn, type ServiceRequestField } from "#app/features/service-request/catalogue.ts";
import type { Route } from "./+types/requests-export";

type ExportRow = Awaited<ReturnType<typeof exportRequests>>[number];
interface Column {
  header: string;
  value: (row: ExportRow, base: string) => string | number;
}

const csvFields = fieldsShownIn("csv");
/** The answers' columns, in the order of `names`, by the catalogue's labels, for those the catalogue puts in the CSV. */
const answers = (names: readonly ServiceRequestField[]): Column[] =>
  names.flatMap((name) => csvFields.filter((entry) => entry.name === name).map((entry) => ({ header: entry.label, value: (row: ExportRow) => row[entry.name] })));
const firstAnswers = ["problem", "firstName", "lastName", "phone", "email", "address"] as const;
const laterAnswers = ["sourceStopped", "standingWater", "insuranceCompany", "claimNumber", "problemDescription", "referralSource", "referralOther", "additionalComments"] as const;
const placed: readonly ServiceRequestField[] = [...firstAnswers, ...laterAnswers];

/**
 * The export's columns. Spreadsheets and other software read them by place: a column keeps its
 * place, and a field added to the catalogue comes after the last answer, before the link.
 */
const exportColumns: Column[] = [
  { header: "Received", value: (row) => formatOfficeTime(row.createdAt) },
  { header: "Status", value: (row) => statusLabels[row.status] },
  ...answers(firstAnswers),
  { header: "Photos", value: (row) => row.photoCount },
  { header: "Urgent", value: (row) => (row.urgent ? "Yes" : "No") },
  { header: "Source", value: (row) => sourceLabels[row.source] },
  { header: "Assigned to", value: (row) => row.assigneeEmail ?? "" },
  ...answers(laterAnswers),
  ...answers(csvFields.map((entry) => entry.name).filter((name) => !placed.includes(name))),
  { header: "Link", value: (row, base) => `${base}/admin/requests/${row.id}` },
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
    exportColumns.map((column) => column.header),
    rows.map((row) => exportColumns.map((column) => column.value(row, base))),
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
