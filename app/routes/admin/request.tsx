import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { buttonClass } from "#app/components/ui/button.ts";
import { cardClass } from "#app/components/ui/card.ts";
import { controlClass, TextArea } from "#app/components/ui/field.tsx";
import { telHref } from "#app/content/company.ts";
import { isUuid } from "#app/domain/ids.ts";
import { FormMessage } from "#app/components/ui/form-message.tsx";
import { useLastAnswer } from "#app/features/live/use-last-answer.ts";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import { acknowledgeRequest } from "#app/features/alerts/acknowledge.server.ts";
import { AcknowledgeForm } from "#app/features/alerts/acknowledge-form.tsx";
import { acknowledgementResult } from "#app/features/alerts/acknowledgement.ts";
import { pushIfReleasedAsNew } from "#app/features/alerts/push.server.ts";
import { assignRequest, findAssignee, listAssignableStaff, notStaffMessage } from "#app/features/inbox/assignment.server.ts";
import { addNote, changeStatus, deleteRequests, getRequest } from "#app/features/inbox/inbox.server.ts";
import { noteMaxLength, noteSchema } from "#app/features/inbox/notes.ts";
import { hasThumbnail, previewUnavailableMessage } from "#app/features/inbox/photos.server.ts";
import { CallbackCountdown } from "#app/features/inbox/callback-countdown.tsx";
import { deliveriesOf, retryDeliveries } from "#app/features/inbox/deliveries.server.ts";
import { DeliveryList } from "#app/features/inbox/deliveries.tsx";
import { StatusBadge, StatusOptions, UrgentBadge } from "#app/features/inbox/status-badge.tsx";
import { loadCallbackPromiseMinutes } from "#app/features/site/callback-promise.server.ts";
import { loadMessageSettings, releaseIfNotSpam } from "#app/features/service-request/request-messages.server.ts";
import { holdsMessages, requestStatuses, sourceLabels, statusLabels, type RequestStatus } from "#app/domain/request-statuses.ts";
import { formatOfficeTime } from "#app/domain/office-time.ts";
import { fieldsShownIn } from "#app/features/service-request/catalogue.ts";
import { formatFileSize, isHeif } from "#app/features/service-request/files.ts";
import type { Route } from "./+types/request";

export const meta: Route.MetaFunction = () => [{ title: "Request | Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const member = await requireAccess(request, context, "staff");
  const found = await getRequest(context.db, params.id);
  if (!found) throw data(null, { status: 404 });
  const { request: lead, photos, notes, history, assignments, assignee } = found;
  const [deliveries, callbackPromiseMinutes, staff] = await Promise.all([
    deliveriesOf(context.db, lead.id),
    loadCallbackPromiseMinutes(context),
    listAssignableStaff(context.db),
  ]);
  // Status changes and assignments, one timeline in the order they happened.
  const timeline = [
    ...history.map((change) => ({
      id: change.id,
      at: change.createdAt,
      text: `${statusLabels[change.fromStatus]} → ${statusLabels[change.toStatus]}, by ${change.changedByEmail}`,
    })),
    ...assignments.map((change) => ({
      id: change.id,
      at: change.createdAt,
      text: change.assigneeEmail ? `Assigned to ${change.assigneeEmail} by ${change.changedByEmail}` : `Unassigned by ${change.changedByEmail}`,
    })),
    ...(lead.acknowledgedAt ? [{ id: "acknowledged", at: lead.acknowledgedAt, text: `"I'm on it", by ${lead.acknowledgedByEmail ?? ""}` }] : []),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    canDelete: member.role === "admin",
    viewerId: member.id,
    staff,
    assignee,
    callbackPromiseMinutes,
    serverNow: new Date().toISOString(),
    deliveries: deliveries.map((delivery) => ({ ...delivery, sentAt: delivery.sentAt && formatOfficeTime(delivery.sentAt) })),
    lead: {
      id: lead.id,
      status: lead.status,
      name: `${lead.firstName} ${lead.lastName}`,
      urgent: lead.urgent,
      receivedAt: lead.createdAt.toISOString(),
      received: formatOfficeTime(lead.createdAt),
      spamReason: lead.spamReason,
      source: sourceLabels[lead.source],
      loggedBy: lead.loggedByEmail,
      fields: fieldsShownIn("inbox").map((entry) => [entry.label, lead[entry.name]] as const),
      phone: lead.phone,
      email: lead.email,
    },
    photos: photos.map((photo) => ({
      id: photo.id,
      name: photo.originalName,
      size: formatFileSize(photo.sizeBytes),
      thumbnail: hasThumbnail(photo.contentType) && !photo.previewFailedAt,
      /** Set when no preview can be made: the link then downloads the original file. */
      previewUnavailable: photo.previewFailedAt ? previewUnavailableMessage : null,
      kind: photo.contentType === "application/pdf" ? "PDF" : isHeif(photo.contentType) ? "HEIC photo" : "Photo",
    })),
    notes: notes.map((note) => ({ id: note.id, body: note.body, author: note.authorEmail, at: formatOfficeTime(note.createdAt) })),
    acknowledged: lead.acknowledgedAt ? { by: lead.acknowledgedByEmail ?? "", at: formatOfficeTime(lead.acknowledgedAt) } : null,
    history: timeline.map((entry) => ({ id: entry.id, text: entry.text, at: formatOfficeTime(entry.at) })),
  };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), status: z.enum(requestStatuses) }),
  z.object({ intent: z.literal("note"), body: z.string() }),
  // An empty assignee unassigns; "me" is the one-tap "Assign to me".
  z.object({ intent: z.literal("assign"), assignee: z.string().max(64) }),
  z.object({ intent: z.literal("retry") }),
  z.object({ intent: z.literal("acknowledge") }),
  z.object({ intent: z.literal("delete"), confirm: z.literal("yes", { error: "Tick the box to confirm the deletion." }) }),
]);

export async function action({ request, context, params }: Route.ActionArgs) {
  const member = await requireAccess(request, context, "staff");
  // Every intent works on this request: an id that cannot be one is no request, before any query.
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "That change is not possible." }, { status: 400 });
  const actor = { id: member.id, email: member.email };
  const input = parsed.data;

  if (input.intent === "delete") {
    if (member.role !== "admin") return data({ error: "Only administrators can delete requests." }, { status: 403 });
    if ((await deleteRequests(context.db, context.storage, [params.id])) === 0) throw data(null, { status: 404 });
    context.logger.info({ by: member.id, requestId: params.id }, "Request deleted with its files");
    throw redirect("/admin/requests");
  }
  if (input.intent === "acknowledge") {
    const result = acknowledgementResult(await acknowledgeRequest(context.db, params.id, actor));
    if (result.status === 404) throw data(null, { status: 404 });
    return "error" in result ? data({ error: result.error }, { status: result.status }) : { success: result.success };
  }
  if (input.intent === "retry") {
    const retried = await retryDeliveries(context.db, { requestId: params.id });
    context.notifyOutbox();
    return { success: retried === 1 ? "1 notification queued again." : `${retried} notifications queued again.` };
  }
  if (input.intent === "assign") {
    const assigneeId = input.assignee === "me" ? member.id : input.assignee === "" ? null : input.assignee;
    const outcome = await assignRequest(context.db, params.id, assigneeId, actor);
    if (outcome.outcome === "missing") throw data(null, { status: 404 });
    if (outcome.outcome === "not-staff") return data({ error: notStaffMessage }, { status: 400 });
    const to = assigneeId === member.id ? "you" : assigneeId && (await findAssignee(context.db, assigneeId))?.email;
    return { success: to ? `Assigned to ${to}.` : "Unassigned." };
  }
  if (input.intent === "note") {
    const body = noteSchema.safeParse(input.body);
    if (!body.success) return data({ error: body.error.issues[0]?.message ?? "Write a note first." }, { status: 400 });
    if (!(await addNote(context.db, params.id, body.data, actor))) throw data(null, { status: 404 });
    return { success: "Note added." };
  }
  const settings = await loadMessageSettings(context);
  let released: string[] = [];
  const changed = await changeStatus(context.db, params.id, input.status, actor, new Date(), async (tx, from, now) => {
    // "Not spam": what the spam defence held back goes out now, in the same transaction as the change.
    released = await releaseIfNotSpam(tx, params.id, from, input.status, settings, now);
    await pushIfReleasedAsNew(tx, params.id, from, input.status);
  });
  if (!changed) throw data(null, { status: 404 });
  context.notifyOutbox();
  if (released.length === 0) return { success: `Status set to ${statusLabels[input.status]}.` };
  return { success: `Status set to ${statusLabels[input.status]}. Sending now: ${released.join(", ")}.` };
}

/** The one-click spam decisions the request's status allows. */
function spamChoicesFor(status: RequestStatus): { status: RequestStatus; label: string }[] {
  if (status === "spam") return [{ status: "new", label: "Not spam" }];
  if (status === "suspected") return [{ status: "new", label: "Not spam" }, { status: "spam", label: "Spam" }];
  return [{ status: "spam", label: "Mark as spam" }];
}


export default function RequestDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, photos, notes, history, canDelete, deliveries, callbackPromiseMinutes, serverNow, acknowledged, staff, assignee, viewerId } = loaderData;
  const answer = useLastAnswer(actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <p>
        <Link to="/admin/requests" className="font-semibold text-navy-900 underline underline-offset-4">
          All requests
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-black text-navy-900">{lead.name}</h1>
        {lead.urgent && <UrgentBadge />}
        <StatusBadge status={lead.status} />
      </div>
      <p className="mt-1 text-slate-700">
        Received {lead.received} · {lead.loggedBy ? `${lead.source}, logged by ${lead.loggedBy}` : lead.source}
      </p>
      {lead.status === "new" && (
        <p className="mt-1">
          <CallbackCountdown receivedAt={lead.receivedAt} promiseMinutes={callbackPromiseMinutes} serverNow={serverNow} />
        </p>
      )}
      {lead.spamReason && holdsMessages(lead.status) && (
        <p className="mt-1 text-slate-700">
          Why it looks like spam: {lead.spamReason}
          {lead.status === "suspected" && " Only the office was told. If a real person sent it, choose Not spam: the visitor's confirmation and the webhook go out then."}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <AcknowledgeForm acknowledged={acknowledged} busy={busy} />
        <a href={telHref(lead.phone)} className={buttonClass("accent")}>
          Call {lead.phone}
        </a>
        <a href={`mailto:${lead.email}`} className={buttonClass("secondary")}>
          Email
        </a>
      </div>

      <div className="mt-4" aria-live="polite">
        {answer && "error" in answer && <FormMessage tone="error">{answer.error}</FormMessage>}
        {answer && "success" in answer && <FormMessage tone="success">{answer.success}</FormMessage>}
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        {/* The status first: on a phone it is what staff come to change. */}
        <div className="space-y-6 lg:col-start-2 lg:row-start-1">
          <section className={cardClass} aria-labelledby="status-title">
            <h2 id="status-title" className="text-xl font-black text-navy-900">
              Status
            </h2>
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="status" />
              <label className="grow font-semibold">
                Set status
                <select
                  name="status"
                  defaultValue={lead.status}
                  key={lead.status}
                  className={controlClass}
                >
                  <StatusOptions />
                </select>
              </label>
              <button type="submit" disabled={busy} className={buttonClass("primary")}>
                Save Status
              </button>
            </Form>
            <div className="mt-3 flex flex-wrap gap-2">
              {spamChoicesFor(lead.status).map(({ status, label }) => (
                <Form method="post" key={status}>
                  <input type="hidden" name="intent" value="status" />
                  <input type="hidden" name="status" value={status} />
                  <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                    {label}
                  </button>
                </Form>
              ))}
            </div>
            <h3 className="mt-5 font-bold">History</h3>
            {history.length === 0 ? (
              <p className="mt-1 text-slate-700">Unchanged since it arrived.</p>
            ) : (
              <ol className="mt-1 space-y-1 text-sm">
                {history.map((entry) => (
                  <li key={entry.id}>
                    {entry.text}, {entry.at}
                  </li>
                ))}
              </ol>
            )}
          </section>

          <section className={cardClass} aria-labelledby="assignee-title">
            <h2 id="assignee-title" className="text-xl font-black text-navy-900">
              Assigned to
            </h2>
            <p className="mt-2 font-semibold break-all">{assignee ? (assignee.id === viewerId ? `You (${assignee.email})` : assignee.email) : "No one yet"}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              {assignee?.id !== viewerId && (
                <Form method="post">
                  <input type="hidden" name="intent" value="assign" />
                  <input type="hidden" name="assignee" value="me" />
                  <button type="submit" disabled={busy} className={buttonClass("primary")}>
                    Assign to me
                  </button>
                </Form>
              )}
              {assignee && (
                <Form method="post">
                  <input type="hidden" name="intent" value="assign" />
                  <input type="hidden" name="assignee" value="" />
                  <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                    Unassign
                  </button>
                </Form>
              )}
            </div>
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="assign" />
              <label className="grow font-semibold">
                Assign to someone
                <select
                  name="assignee"
                  required
                  defaultValue={assignee?.id ?? ""}
                  key={assignee?.id ?? ""}
                  className={controlClass}
                >
                  <option value="" disabled>
                    Choose a staff member
                  </option>
                  {staff.map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.email}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                Assign
              </button>
            </Form>
          </section>

          <DeliveryList deliveries={deliveries} retryable={deliveries.some((delivery) => delivery.status !== "sent")} />

          {canDelete && (
            <section className={cardClass} aria-labelledby="delete-title">
              <h2 id="delete-title" className="text-xl font-black text-navy-900">
                Delete
              </h2>
              <p className="mt-2 text-sm">For a person who asks to be forgotten: removes the request, its notes and its files for good.</p>
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="delete" />
                <label className="flex min-h-11 items-center gap-2">
                  <input type="checkbox" name="confirm" value="yes" required className="size-5" />I understand this cannot be undone
                </label>
                <button type="submit" disabled={busy} className={`${buttonClass("danger")} mt-2`}>
                  Delete Request
                </button>
              </Form>
            </section>
          )}
        </div>

        <div className="space-y-6 lg:col-start-1 lg:row-start-1">
          <section className={cardClass} aria-labelledby="details-title">
            <h2 id="details-title" className="text-xl font-black text-navy-900">
              Details
            </h2>
            <dl className="mt-3 space-y-3">
              {lead.fields.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-sm font-bold text-slate-700">{label}</dt>
                  <dd className="break-words whitespace-pre-line">{value || "-"}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section className={cardClass} aria-labelledby="photos-title">
            <h2 id="photos-title" className="text-xl font-black text-navy-900">
              Photos and files ({photos.length})
            </h2>
            {photos.length === 0 ? (
              <p className="mt-3">None were sent.</p>
            ) : (
              <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
                {photos.map((photo) => {
                  const href = `/admin/requests/${lead.id}/files/${photo.id}`;
                  return (
                    <li key={photo.id}>
                      <a
                        href={href}
                        target={photo.thumbnail ? "_blank" : undefined}
                        rel="noopener"
                        className="block rounded-lg border border-slate-300 p-2 hover:border-navy-900"
                      >
                        {photo.thumbnail ? (
                          <img
                            src={`${href}?size=thumbnail`}
                            alt={`${photo.name}, open full size`}
                            width={240}
                            height={180}
                            loading="lazy"
                            className="aspect-[4/3] w-full rounded object-cover"
                          />
                        ) : (
                          <span className="flex aspect-[4/3] items-center justify-center rounded bg-slate-100 p-2 text-center font-bold text-navy-900">
                            {photo.previewUnavailable ?? `Download ${photo.kind}`}
                          </span>
                        )}
                        <span className="mt-1 block truncate text-sm">{photo.name}</span>
                        <span className="block text-sm text-slate-700">{photo.size}</span>
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>

          <section className={cardClass} aria-labelledby="notes-title">
            <h2 id="notes-title" className="text-xl font-black text-navy-900">
              Notes
            </h2>
            {notes.length === 0 ? (
              <p className="mt-3">No notes yet.</p>
            ) : (
              <ul className="mt-3 space-y-3">
                {notes.map((note) => (
                  <li key={note.id} className="rounded-lg bg-slate-50 p-3">
                    <p className="break-words whitespace-pre-line">{note.body}</p>
                    <p className="mt-1 text-sm text-slate-700">
                      {note.author} · {note.at}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="note" />
              <TextArea id="note-body" name="body" label="Add a note" rows={3} required maxLength={noteMaxLength} />
              <button type="submit" disabled={busy} className={`${buttonClass("primary")} mt-2`}>
                Add Note
              </button>
            </Form>
          </section>
        </div>
      </div>
    </>
  );
}
