import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { describeStaffEvent } from "#app/features/audit/describe.ts";
import { auditLog, auditPageSize } from "#app/features/audit/staff-events.server.ts";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import { describeRevision } from "#app/features/content/revision-history.tsx";
import { formatRevisionTime } from "#app/features/content/revision-time.ts";
import { contentSectionLabels } from "#app/domain/content-sections.ts";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => [{ title: "Audit log | Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(request, context, "admin");
  const requested = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const { entries, total } = await auditLog(context.db, page);
  return {
    entries,
    page,
    pages: Math.max(1, Math.ceil(total / auditPageSize)),
  };
}

const staffEventTitles = {
  "account-role": { title: "Staff accounts", to: "/admin/users" },
  "password-reset": { title: "Staff accounts", to: "/admin/users" },
  "requests-export": { title: "Requests", to: "/admin/requests" },
} as const;

/** Who changed which content, who approved or changed which account, who exported requests, and when, newest first. */
export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, page, pages } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-black text-navy-900">Audit log</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Every change to the site&apos;s content, every approval, refusal, change of role or revocation of a staff account, every
        new password and every export of requests, by whom and when. Each editor keeps its versions, ready to restore.
      </p>
      {entries.length === 0 ? (
        <p className="mt-6">Nothing has been changed yet.</p>
      ) : (
        <ol className="mt-6 space-y-3">
          {entries.map((entry) => {
            const where =
              entry.source === "content"
                ? { title: contentSectionLabels[entry.section], to: `/admin/${entry.section}` }
                : staffEventTitles[entry.kind];
            const by = entry.source === "content" ? entry.authorEmail : entry.actorEmail;
            return (
              <li key={entry.id} className="rounded-xl bg-white p-4 shadow">
                <p className="font-bold">
                  <Link to={where.to} className="text-navy-900 underline underline-offset-4">
                    {where.title}
                  </Link>
                  <span className="font-normal text-slate-700">
                    {" "}
                    · <time dateTime={entry.createdAt}>{formatRevisionTime(entry.createdAt)}</time>
                  </span>
                </p>
                <p className="mt-1 break-words text-slate-800">
                  {entry.source === "content" ? describeRevision(entry) : describeStaffEvent(entry)} · by{" "}
                  <span className="break-all">{by}</span>
                </p>
              </li>
            );
          })}
        </ol>
      )}
      {pages > 1 && (
        <nav aria-label="Audit log pages" className="mt-6 flex items-center gap-3">
          {page > 1 && (
            <Link to={`?page=${page - 1}`} className={buttonClass("secondary", { size: "compact" })}>
              Newer
            </Link>
          )}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages && (
            <Link to={`?page=${page + 1}`} className={buttonClass("secondary", { size: "compact" })}>
              Older
            </Link>
          )}
        </nav>
      )}
    </>
  );
}
