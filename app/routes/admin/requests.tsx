import { data, Form, Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { controlClass } from "#app/components/ui/field.tsx";
import { isUuid } from "#app/domain/ids.ts";
import { FormMessage } from "#app/components/ui/form-message.tsx";
import { useLastAnswer } from "#app/features/live/use-last-answer.ts";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import { assignRequest, listAssignableStaff } from "#app/features/inbox/assignment.server.ts";
import { bulkMessages, bulkStatuses, parseBulkAction } from "#app/features/inbox/bulk.ts";
import { applyBulkAction, bulkResultMessage, selectedRequests } from "#app/features/inbox/bulk.server.ts";
import { BulkSelectAll } from "#app/features/inbox/bulk-select.tsx";
import { CallbackCountdown } from "#app/features/inbox/callback-countdown.tsx";
import { inboxQuery, isFiltered, searchMaxLength, type InboxFilter } from "#app/features/inbox/filters.ts";
import { countRequestsIn, listRequests, pageSize, readInboxFilter } from "#app/features/inbox/inbox.server.ts";
import { StatusBadge, StatusOptions, UrgentBadge } from "#app/features/inbox/status-badge.tsx";
import { requestSources, sourceLabels, statusLabels } from "#app/domain/request-statuses.ts";
import { formatOfficeTime, formatReceived } from "#app/domain/office-time.ts";
import { loadCallbackPromiseMinutes } from "#app/features/site/callback-promise.server.ts";
import { loadMessageSettings } from "#app/features/service-request/request-messages.server.ts";
import { telHref } from "#app/content/company.ts";
import { problemTypes } from "#app/features/service-request/catalogue.ts";
import type { Route } from "./+types/requests";

export const meta: Route.MetaFunction = () => [{ title: "Requests | Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireAccess(request, context, "staff");
  const { filter, problems } = readInboxFilter(new URL(request.url).searchParams);
  const now = new Date();
  const callbackPromiseMinutes = await loadCallbackPromiseMinutes(context);
  const [{ rows, total }, suspected, staff] = await Promise.all([
    listRequests(context.db, filter, { viewerId: member.id, now, callbackPromiseMinutes }),
    countRequestsIn(context.db, "suspected"),
    listAssignableStaff(context.db),
  ]);
  return {
    filter,
    problems,
    total,
    suspected,
    staff,
    viewerId: member.id,
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

/** "Assign to me" on one row, or one action on the selected requests; both are plain form posts. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireAccess(request, context, "staff");
  const form = await request.formData();
  const actor = { id: member.id, email: member.email };

  const single = form.get("assignToMe");
  if (typeof single === "string") {
    if (!isUuid(single)) return data({ error: bulkMessages.badSelection }, { status: 400 });
    const outcome = await assignRequest(context.db, single, member.id, actor);
    if (outcome.outcome === "missing") return data({ error: "That request no longer exists." }, { status: 404 });
    if (outcome.outcome === "not-staff") return data({ error: "Your account cannot be assigned requests." }, { status: 403 });
    return { success: "Request assigned to you." };
  }

  const selection = selectedRequests(form);
  if ("error" in selection) return data({ error: selection.error }, { status: 400 });
  const bulk = parseBulkAction(String(form.get("bulkAction") ?? ""));
  if (!bulk) return data({ error: bulkMessages.noAction }, { status: 400 });
  const result = await applyBulkAction(context.db, selection.ids, bulk, actor, await loadMessageSettings(context));
  if ("error" in result) return data({ error: result.error }, { status: 400 });
  if (result.released > 0) context.notifyOutbox();
  context.logger.info({ by: member.id, action: bulk.kind, selected: result.selected, changed: result.changed }, "Bulk action on requests");
  return { success: bulkResultMessage(bulk, result) };
}

const listPath = (filter: InboxFilter, changes: Partial<InboxFilter> = {}, path = "/admin/requests") => {
  const query = inboxQuery(filter, changes);
  return query ? `${path}?${query}` : path;
};

const linkClass = "font-semibold text-navy-900 underline underline-offset-4";
const quickClass = "inline-flex min-h-11 items-center rounded-full border px-4 font-semibold";
const emptyFilter: InboxFilter = { urgent: false, overdue: false, page: 1 };

/** One-tap views; each is a plain link, so it can be shared, bookmarked and gone back to. */
const quickFilters: { label: string; filter: Partial<InboxFilter> }[] = [
  { label: "All", filter: {} },
  { label: "Mine", filter: { assignee: "me" } },
  { label: "Unassigned", filter: { assignee: "none" } },
  { label: "Urgent", filter: { urgent: true } },
  { label: "Overdue", filter: { overdue: true } },
  { label: "Phone calls", filter: { source: "phone" } },
  { label: "Suspected spam", filter: { status: "suspected" } },
  { label: "Spam", filter: { status: "spam" } },
];

export default function Requests({ loaderData, actionData }: Route.ComponentProps) {
  const answer = useLastAnswer(actionData);
  const { filter, problems, rows, total, suspected, pages, staff, viewerId, callbackPromiseMinutes, serverNow } = loaderData;
  const filtered = isFiltered(filter);
  const currentQuery = inboxQuery(filter, { page: filter.page });
  const assigneeValue = typeof filter.assignee === "object" ? filter.assignee.id : (filter.assignee ?? "");
  const problemsId = problems.length > 0 ? "filter-problems" : undefined;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-black text-navy-900">Requests</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/requests/log-call" className={buttonClass("accent")}>
            Log a phone call
          </Link>
          <a href={listPath(filter, {}, "/admin/requests/export")} className={buttonClass("secondary")} download>
            Export CSV
          </a>
        </div>
      </div>

      {suspected > 0 && filter.status !== "suspected" && (
        <p className="mt-4 rounded-md border-l-4 border-amber-500 bg-amber-50 p-3">
          <Link to={listPath(emptyFilter, { status: "suspected" })} className={linkClass}>
            {suspected === 1 ? "1 request" : `${suspected} requests`} may be spam: check {suspected === 1 ? "it" : "them"}
          </Link>{" "}
          — a real person may have sent {suspected === 1 ? "it" : "them"}.
        </p>
      )}

      <nav aria-label="Quick filters" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {quickFilters.map((quick) => {
            const query = inboxQuery(emptyFilter, quick.filter);
            const current = query === currentQuery;
            return (
              <li key={quick.label}>
                <Link
                  to={query ? `/admin/requests?${query}` : "/admin/requests"}
                  aria-current={current ? "page" : undefined}
                  className={`${quickClass} ${current ? "border-navy-900 bg-navy-900 text-white" : "border-slate-400 bg-white text-navy-900 hover:bg-navy-50"}`}
                >
                  {quick.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <Form method="get" className="mt-4 grid gap-3 rounded-xl bg-white p-4 shadow sm:grid-cols-2 lg:grid-cols-4 lg:items-end" aria-label="Filter requests">
        <label className="font-semibold">
          Status
          <select name="status" defaultValue={filter.status ?? ""} className={controlClass}>
            <option value="">All but spam</option>
            <StatusOptions />
          </select>
        </label>
        <label className="font-semibold">
          Problem
          <select name="problem" defaultValue={filter.problem ?? ""} className={controlClass}>
            <option value="">All</option>
            {problemTypes.map((problem) => (
              <option key={problem}>{problem}</option>
            ))}
          </select>
        </label>
        <label className="font-semibold">
          Assigned to
          <select name="assignee" defaultValue={assigneeValue} className={controlClass}>
            <option value="">Anyone or no one</option>
            <option value="me">Me</option>
            <option value="none">Unassigned</option>
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.email}
              </option>
            ))}
          </select>
        </label>
        <label className="font-semibold">
          Source
          <select name="source" defaultValue={filter.source ?? ""} className={controlClass}>
            <option value="">All</option>
            {requestSources.map((source) => (
              <option key={source} value={source}>
                {sourceLabels[source]}
              </option>
            ))}
          </select>
        </label>
        <label className="font-semibold">
          From
          <input type="date" name="from" defaultValue={filter.from ?? ""} aria-describedby={problemsId} className={controlClass} />
        </label>
        <label className="font-semibold">
          To
          <input type="date" name="to" defaultValue={filter.to ?? ""} aria-describedby={problemsId} className={controlClass} />
        </label>
        <fieldset className="flex flex-wrap items-end gap-x-4">
          <legend className="sr-only">Only</legend>
          <label className="flex min-h-11 items-center gap-2 font-semibold">
            <input type="checkbox" name="urgent" value="1" defaultChecked={filter.urgent} className="size-5" />
            Urgent only
          </label>
          <label className="flex min-h-11 items-center gap-2 font-semibold">
            <input type="checkbox" name="overdue" value="1" defaultChecked={filter.overdue} className="size-5" />
            Overdue only
          </label>
        </fieldset>
        <label className="font-semibold sm:col-span-2 lg:col-span-3">
          Search
          <input
            type="search"
            name="q"
            defaultValue={filter.q ?? ""}
            maxLength={searchMaxLength}
            placeholder="Name, email, phone, address, insurer, claim, words or notes"
            aria-describedby={problemsId}
            className={controlClass}
          />
        </label>
        <button type="submit" className={buttonClass("primary")}>
          Show
        </button>
      </Form>

      {problems.length > 0 && (
        <div id="filter-problems" role="alert" className="mt-4 rounded-md border-l-4 border-brand-red-700 bg-red-50 p-3 font-semibold text-brand-red-800">
          <ul className="list-disc space-y-1 pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}

      <p className="mt-4 text-slate-700" role="status">
        {total === 1 ? "1 request" : `${total} requests`}
        {filtered && (
          <>
            {" "}
            match ·{" "}
            <Link to="/admin/requests" className={linkClass}>
              Clear filters
            </Link>
          </>
        )}
      </p>

      <div className="mt-2" aria-live="polite">
        {answer && "error" in answer && <FormMessage tone="error">{answer.error}</FormMessage>}
        {answer && "success" in answer && <FormMessage tone="success">{answer.success}</FormMessage>}
      </div>

      {rows.length === 0 ? (
        <div className="mt-6 rounded-xl bg-white p-6 text-center shadow">
          {filtered ? (
            <p>
              No request matches these filters.{" "}
              <Link to="/admin/requests" className={linkClass}>
                Clear filters
              </Link>
            </p>
          ) : (
            <p>No requests yet. New ones appear here the moment they are sent.</p>
          )}
        </div>
      ) : (
        // Reset after every answer, so what was just changed is no longer selected.
        <Form method="post" key={serverNow} aria-label="Selected requests" className="mt-4">
          <div className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow">
            <BulkSelectAll count={rows.length} />
            {rows.map((row) => (
              <input key={row.id} type="hidden" name="pageIds" value={row.id} />
            ))}
            <label className="grow font-semibold">
              With the selected
              <select name="bulkAction" required defaultValue="" className={controlClass}>
                <option value="" disabled>
                  Choose an action
                </option>
                <optgroup label="Set status">
                  {bulkStatuses.map((status) => (
                    <option key={status} value={`status:${status}`}>
                      Mark {statusLabels[status]}
                    </option>
                  ))}
                </optgroup>
                <optgroup label="Assign">
                  <option value="assign:me">Assign to me</option>
                  {staff
                    .filter((member) => member.id !== viewerId)
                    .map((member) => (
                      <option key={member.id} value={`assign:${member.id}`}>
                        Assign to {member.email}
                      </option>
                    ))}
                  <option value="assign:none">Unassign</option>
                </optgroup>
                <optgroup label="Spam">
                  <option value="spam">Mark as spam</option>
                  <option value="not-spam">Not spam</option>
                </optgroup>
              </select>
            </label>
            <button type="submit" name="intent" value="bulk" className={buttonClass("primary")}>
              Apply
            </button>
          </div>
          <ul className="mt-4 space-y-3">
            {rows.map((row) => {
              const name = `${row.firstName} ${row.lastName}`;
              return (
                <li key={row.id} className="flex gap-3 rounded-xl bg-white p-4 shadow">
                  <input
                    type="checkbox"
                    name="ids"
                    value={row.id}
                    aria-label={`Select ${name}`}
                    data-bulk-row
                    className="mt-1.5 size-6 shrink-0"
                  />
                  <div className="min-w-0 grow">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <Link to={`/admin/requests/${row.id}`} className="text-lg font-black text-navy-900 underline-offset-4 hover:underline">
                        {name}
                      </Link>
                      <span className="flex flex-wrap items-center gap-2">
                        {row.source === "phone" && (
                          <span className="inline-block rounded-full border border-navy-900 px-2.5 py-0.5 text-sm font-bold text-navy-900">
                            {sourceLabels.phone}
                          </span>
                        )}
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
                    <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-5">
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
                          <a href={telHref(row.phone)} className="inline-flex min-h-11 items-center font-bold text-brand-red-700 underline underline-offset-4">
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
                      <div>
                        <dt className="sr-only">Assigned to</dt>
                        <dd className="flex flex-wrap items-center gap-2">
                          <span className="break-all">{row.assigneeId === viewerId ? "Assigned to you" : row.assigneeEmail ? `Assigned to ${row.assigneeEmail}` : "Unassigned"}</span>
                          {row.assigneeId !== viewerId && (
                            <button
                              type="submit"
                              name="assignToMe"
                              value={row.id}
                              formNoValidate
                              className={buttonClass("secondary", { size: "compact" })}
                            >
                              Assign to me<span className="sr-only">: {name}</span>
                            </button>
                          )}
                        </dd>
                      </div>
                    </dl>
                  </div>
                </li>
              );
            })}
          </ul>
        </Form>
      )}

      {pages > 1 && (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
          {filter.page > 1 ? (
            <Link to={listPath(filter, { page: filter.page - 1 })} className={buttonClass("secondary")}>
              Previous page
            </Link>
          ) : (
            <span />
          )}
          <span>
            Page {filter.page} of {pages}
          </span>
          {filter.page < pages ? (
            <Link to={listPath(filter, { page: filter.page + 1 })} className={buttonClass("secondary")}>
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
