import { Form, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { cardClass } from "#app/components/ui/card.ts";
import type { RevisionSummary } from "./revision-types.ts";
import { formatRevisionTime } from "./revision-time.ts";
import { revisionFields } from "./editor-result.ts";

export function describeRevision(revision: RevisionSummary): string {
  if (revision.kind === "initial") return "As first installed";
  const what = revision.changedFields.length > 0 ? revision.changedFields.join(", ") : "nothing changed";
  return revision.kind === "restore" ? `Restored an earlier version (${what})` : `Changed ${what}`;
}

/** The section's recent versions, newest (the current one) first; any older one comes back in one click. */
export function RevisionHistory({ revisions }: { revisions: RevisionSummary[] }) {
  const navigation = useNavigation();
  const restoring = navigation.state === "submitting" && navigation.formData?.get("intent") === "restore";
  return (
    <section aria-labelledby="history-title" className={`${cardClass} mt-8`}>
      <h2 id="history-title" className="text-xl font-black text-navy-900">
        Version history
      </h2>
      {revisions.length === 0 ? (
        <p className="mt-2 text-slate-700">No saves yet. Each save keeps the version before it here, ready to restore.</p>
      ) : (
        <ol className="mt-4 divide-y divide-slate-200">
          {revisions.map((revision, index) => {
            const when = formatRevisionTime(revision.createdAt);
            return (
              <li key={revision.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="font-semibold">
                    {revision.kind === "initial" ? "Before the first save" : <time dateTime={revision.createdAt}>{when}</time>}
                    {index === 0 && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-sm text-green-900">Current</span>}
                  </p>
                  <p className="text-sm text-slate-700">
                    {describeRevision(revision)}
                    {revision.authorEmail && <span className="break-all"> · by {revision.authorEmail}</span>}
                  </p>
                </div>
                {index > 0 && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="revisionId" value={revision.id} />
                    {/* The version shown as current: a save made since it was opened refuses the restore. */}
                    <input type="hidden" name={revisionFields.base} value={revisions[0]?.id ?? ""} />
                    <button type="submit" disabled={restoring} className={buttonClass("secondary", { size: "compact" })}>
                      Restore
                      <span className="sr-only"> the version {revision.kind === "initial" ? "as first installed" : `of ${when}`}</span>
                    </button>
                  </Form>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
