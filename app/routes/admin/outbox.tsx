import { Link } from "react-router";
import { cardClass } from "#app/components/ui/card.ts";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import { outboxBacklog } from "#app/features/inbox/deliveries.server.ts";
import { outboxStateWords } from "#app/features/inbox/deliveries.tsx";
import { formatOfficeTime } from "#app/domain/office-time.ts";
import type { OutboxKind } from "#app/domain/outbox.ts";
import type { Route } from "./+types/outbox";

export const meta: Route.MetaFunction = () => [{ title: "Emails and alerts | Admin" }, { name: "robots", content: "noindex" }];

/** What each kind of message is, in the office's words. */
const kindWords: Record<OutboxKind, string> = { email: "Emails", webhook: "Copies to your other software (webhook)", push: "Alerts to staff devices" };

/** Administrators only: the outbox's backlog (readiness is /readyz, which checks that the worker runs). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(request, context, "admin");
  const backlog = await outboxBacklog(context.db);
  return {
    counts: backlog.counts,
    oldestPendingMinutes: backlog.oldestPendingMinutes,
    waiting: backlog.waiting.map((message) => ({
      id: message.id,
      label: message.label,
      status: message.status,
      attempts: message.attempts,
      requestId: message.requestId,
      queued: formatOfficeTime(message.createdAt),
      nextAttempt: formatOfficeTime(message.nextAttemptAt),
      lastError: message.lastError,
    })),
  };
}


export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { counts, oldestPendingMinutes, waiting } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-black text-navy-900">Emails and alerts waiting to go out</h1>
      <p className="mt-2 text-slate-700">
        {oldestPendingMinutes === null
          ? "Nothing is waiting to be sent."
          : `The one waiting longest has waited ${oldestPendingMinutes === 1 ? "1 minute" : `${oldestPendingMinutes} minutes`}. Each is tried again for about an hour.`}
      </p>
      <section className={`${cardClass} mt-6`} aria-labelledby="counts-title">
        <h2 id="counts-title" className="text-xl font-black text-navy-900">
          Everything sent or waiting, by what it is
        </h2>
        {counts.length === 0 ? (
          <p className="mt-3">No messages yet.</p>
        ) : (
          <table className="mt-3 w-full text-left">
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">What became of it</th>
                <th scope="col" className="text-right">
                  How many
                </th>
              </tr>
            </thead>
            <tbody>
              {counts.map((row) => (
                <tr key={`${row.kind}-${row.status}-${row.sentVia ?? ""}`} className="border-t border-slate-200">
                  <td className="py-1">{kindWords[row.kind]}</td>
                  <td>{outboxStateWords(row.status, row.sentVia)}</td>
                  <td className="text-right">{row.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className={`${cardClass} mt-6`} aria-labelledby="waiting-title">
        <h2 id="waiting-title" className="text-xl font-black text-navy-900">
          Waiting or not delivered (oldest first)
        </h2>
        {waiting.length === 0 ? (
          <p className="mt-3">None.</p>
        ) : (
          <ul className="mt-3 space-y-2 text-sm">
            {waiting.map((message) => (
              <li key={message.id} className="rounded-lg bg-slate-50 p-3">
                <span className="font-bold">{message.label}</span>, {outboxStateWords(message.status, null)} since {message.queued}, {message.attempts}{" "}
                {message.attempts === 1 ? "attempt" : "attempts"}
                {message.status === "pending" && `, next attempt ${message.nextAttempt}`}
                {message.lastError && <span className="block text-brand-red-800">Why it failed: {message.lastError}</span>}
                {message.requestId && (
                  <Link to={`/admin/requests/${message.requestId}`} className="font-semibold text-navy-900 underline underline-offset-4">
                    Open the request
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
