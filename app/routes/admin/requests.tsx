import { Form, Link } from "react-router";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import { countRequestsIn, listRequests, pageSize, parseInboxFilter, type InboxFilter } from "#app/features/inbox/inbox.server.ts";
import { CallbackCountdown } from "#app/features/inbox/callback-countdown.tsx";
import { StatusBadge, StatusOptions, UrgentBadge } from "#app/features/inbox/status-badge.tsx";
import { loadCallbackPromiseMinutes } from "#app/features/site/callback-promise.server.ts";
import { formatOfficeTime, formatReceived } from "#app/features/inbox/time.ts";
import { telHref } from "#app/content/company.ts";
import { problemTypes } from "#app/features/service-request/schema.ts";
import type { Route } from "./+types/requests";

export const meta: Route.MetaFunction = () => [{ title: "Requests | Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(request, context, "staff");
  const filter = parseInboxFilter(new URL(request.url).searchParams);
  const [{ rows, total }, callbackPromiseMinutes, suspected] = await Promise.all([
    listRequests(context.db, filter),
    loadCallbackPromiseMinutes(context),
    countRequestsIn(context.db, "suspected"),
  ]);
  const now = new Date();
  return {
    filter,
    total,
    suspected,
    callbackPromiseMinutes,
    serverNow: now.toISOString(),
    pages: Math.max(1, Math.ceil(total / pageSize)),
    rows: rows.map(({ createdAt, ...row }) => ({
      ...row,
      receivedAt: createdAt.toISOString(),
      received: formatReceived(createdAt, now),
      receivedExact: formatOfficeTime(createdAt),
    })),
  };
}

/** The address of this list with `changes` applied; page 1 unless a page is given. */
function listLink(filter: InboxFilter, changes: Partial<InboxFilter>, path = "/admin/requests"): string {
  const next = { ...filter, page: 1, ...changes };
  const params = new URLSearchParams();
  if (next.status) params.set("status", next.status);
  if (next.problem) params.set("problem", next.problem);
  if (next.q) params.set("q", next.q);
  if (next.page > 1) params.set("page", String(next.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const fieldClass = "mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3";
const buttonClass = "inline-flex min-h-11 items-center justify-center rounded-md px-4 font-bold";

export default function Requests({ loaderData }: Route.ComponentProps) {
  const { filter, rows, total, suspected, pages, callbackPromiseMinutes, serverNow } = loaderData;
  const filtered = Boolean(filter.status || filter.problem || filter.q);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-black text-navy-900">Requests</h1>
        <a
          href={listLink(filter, {}, "/admin/requests/export")}
          className={`${buttonClass} border border-navy-900 text-navy-900 hover:bg-navy-50`}
          download
        >
          Export CSV
        </a>
      </div>

      {suspected > 0 && filter.status !== "suspected" && (
        <p className="mt-4 rounded-md border-l-4 border-amber-500 bg-amber-50 p-3">
          <Link to={listLink(filter, { status: "suspected", problem: undefined, q: undefined })} className="font-bold text-navy-900 underline underline-offset-4">
            {suspected === 1 ? "1 request" : `${suspected} requests`} may be spam: check {suspected === 1 ? "it" : "them"}
          </Link>{" "}
          — a real person may have sent {suspected === 1 ? "it" : "them"}.
        </p>
      )}

      <Form method="get" className="mt-6 grid gap-3 rounded-xl bg-white p-4 shadow sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end">
        <label className="font-semibold">
          Status
          <select name="status" defaultValue={filter.status ?? ""} className={fieldClass}>
            <option value="">All</option>
            <StatusOptions />
          </select>
        </label>
        <label className="font-semibold">
          Problem
          <select name="problem" defaultValue={filter.problem ?? ""} className={fieldClass}>
            <option value="">All</option>
            {problemTypes.map((problem) => (
              <option key={problem}>{problem}</option>
            ))}
          </select>
        </label>
        <label className="font-semibold">
          Search
          <input
            type="search"
            name="q"
            defaultValue={filter.q ?? ""}
            maxLength={100}
            placeholder="Name, email, phone or words"
            className={fieldClass}
          />
        </label>
        <button type="submit" className={`${buttonClass} bg-navy-900 text-white hover:bg-navy-800`}>
          Show
        </button>
      </Form>

      <p className="mt-4 text-slate-700" role="status">
        {total === 1 ? "1 request" : `${total} requests`}
        {filtered && (
          <>
            {" "}
            match ·{" "}
            <Link to="/admin/requests" className="font-semibold text-navy-900 underline underline-offset-4">
              Clear filters
            </Link>
          </>
        )}
      </p>

      {rows.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-6 text-center shadow">
          {filtered ? "No request matches these filters." : "No requests yet. New ones appear here the moment they are sent."}
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {rows.map((row) => (
            <li key={row.id} className="rounded-xl bg-white p-4 shadow">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link to={`/admin/requests/${row.id}`} className="text-lg font-black text-navy-900 underline-offset-4 hover:underline">
                  {row.firstName} {row.lastName}
                </Link>
                <span className="flex flex-wrap items-center gap-2">
                  {row.urgent && <UrgentBadge />}
                  <StatusBadge status={row.status} />
                </span>
              </div>
              <p className="mt-1 flex flex-wrap items-center justify-between gap-2 font-semibold">
                {row.problem}
                {row.status === "new" && (
                  <CallbackCountdown receivedAt={row.receivedAt} promiseMinutes={callbackPromiseMinutes} serverNow={serverNow} />
                )}
              </p>
              <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
                <div>
                  <dt className="sr-only">Received</dt>
                  <dd>
                    <time dateTime={row.receivedAt} title={row.receivedExact}>
                      {row.received}
                    </time>
                    <span className="block text-slate-700">{row.receivedExact}</span>
                  </dd>
                </div>
                <div>
                  <dt className="sr-only">Phone</dt>
                  <dd>
                    <a
                      href={telHref(row.phone)}
                      className="inline-flex min-h-11 items-center font-bold text-brand-red-700 underline underline-offset-4"
                    >
                      {row.phone}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="sr-only">Address</dt>
                  <dd className="break-words">{row.address || "No address given"}</dd>
                </div>
                <div>
                  <dt className="sr-only">Photos</dt>
                  <dd>{row.photoCount === 1 ? "1 photo" : `${row.photoCount} photos`}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}

      {pages > 1 && (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
          {filter.page > 1 ? (
            <Link to={listLink(filter, { page: filter.page - 1 })} className={`${buttonClass} bg-white text-navy-900 shadow`}>
              Previous page
            </Link>
          ) : (
            <span />
          )}
          <span>
            Page {filter.page} of {pages}
          </span>
          {filter.page < pages ? (
            <Link to={listLink(filter, { page: filter.page + 1 })} className={`${buttonClass} bg-white text-navy-900 shadow`}>
              Next page
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </>
  );
}
