import { Form, Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { cardClass } from "#app/components/ui/card.ts";
import type { DeliveryChannel, OutboxStatus } from "#app/domain/outbox.ts";

export type DeliveryView = {
  id: string;
  label: string;
  status: OutboxStatus;
  attempts: number;
  sentAt: string | null;
  lastError: string | null;
  /** Unknown (null) for messages sent before it was recorded: those were sent. */
  sentVia: DeliveryChannel | null;
};

/** An email written to a file reached nobody: it is never called "Sent". */
export const savedToFileText = "Saved to file (no mail server configured)";

const statusWords = { pending: "Queued", sent: "Sent", failed: "Failed" } as const;

/** A message's state in one or two words, as the outbox lists them. */
export function outboxStateWords(status: OutboxStatus, sentVia: DeliveryChannel | null): string {
  return status === "sent" && sentVia === "file" ? savedToFileText : statusWords[status];
}

/**
 * "Queued", "Sent Nov 23, 2026, 3:04 PM", "Saved to file (no mail server configured)" or "Failed:
 * the reason", in words first (colour only helps).
 */
function deliveryState(delivery: DeliveryView): string {
  if (delivery.status === "sent" && delivery.sentVia === "file") return savedToFileText;
  if (delivery.status === "sent") return `Sent ${delivery.sentAt ?? ""}`.trim();
  if (delivery.status === "failed") return `Failed: ${delivery.lastError ?? "no reason recorded"}`;
  const tries = delivery.attempts === 1 ? "1 failed attempt" : `${delivery.attempts} failed attempts`;
  return delivery.attempts > 0 ? `Queued, retrying after ${tries} (${delivery.lastError ?? "no reason recorded"})` : "Queued";
}

/** A request's notifications and their state, with a retry when any is in trouble. */
export function DeliveryList({ deliveries, retryable }: { deliveries: DeliveryView[]; retryable: boolean }) {
  return (
    <section className={cardClass} aria-labelledby="deliveries-title">
      <h2 id="deliveries-title" className="text-xl font-black text-navy-900">
        Notifications
      </h2>
      {deliveries.length === 0 ? (
        <p className="mt-3">None: spam and requests entered by hand notify nobody.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {deliveries.map((delivery) => (
            <li key={delivery.id} className="text-sm">
              <span className="font-bold">{delivery.label}</span>:{" "}
              <span className={delivery.status === "failed" || delivery.sentVia === "file" ? "font-semibold text-brand-red-800" : undefined}>
                {deliveryState(delivery)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {retryable && (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="retry" />
          <button type="submit" className={buttonClass("primary")}>
            Retry
          </button>
        </Form>
      )}
    </section>
  );
}

export type DeliveryProblemView = { requestId: string; name: string; problems: { label: string; status: OutboxStatus }[] };

/** The dashboard's alert: notifications that failed all their retries or are stuck, by request. */
export function DeliveryAlert({ problems }: { problems: DeliveryProblemView[] }) {
  if (problems.length === 0) return null;
  return (
    <section role="alert" aria-labelledby="delivery-alert-title" className="mt-6 rounded-xl border-l-4 border-brand-red-700 bg-red-50 p-5">
      <h2 id="delivery-alert-title" className="text-xl font-black text-brand-red-800">
        Notifications not delivered
      </h2>
      <p className="mt-1 text-slate-800">These requests have a notification that failed all its retries or has waited more than 10 minutes.</p>
      <ul className="mt-3 space-y-1">
        {problems.map((problem) => (
          <li key={problem.requestId}>
            <Link to={`/admin/requests/${problem.requestId}`} className="font-bold text-navy-900 underline underline-offset-4">
              {problem.name}
            </Link>
            :{" "}
            {problem.problems.map((item) => `${item.label} ${item.status === "failed" ? "failed" : "waiting"}`).join(", ")}
          </li>
        ))}
      </ul>
      <Form method="post" action="/admin/deliveries/retry" className="mt-3">
        <button type="submit" className={buttonClass("primary")}>
          Retry
        </button>
      </Form>
    </section>
  );
}
