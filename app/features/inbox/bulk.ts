import { holdsMessages, requestStatuses, type RequestStatus } from "#app/domain/request-statuses.ts";

/** The most requests one bulk action changes: four pages of the inbox, and a bound on one transaction. */
export const maxBulkRequests = 100;

/** The statuses the bulk "Set status" offers: spam has its own actions. */
export const bulkStatuses = requestStatuses.filter((status) => !holdsMessages(status));

export type BulkAction =
  | { kind: "status"; status: RequestStatus }
  | { kind: "assign"; assignee: "me" | "none" | { id: string } }
  | { kind: "spam" }
  | { kind: "not-spam" };

export const bulkMessages = {
  noneSelected: "Select at least one request first.",
  tooMany: `Select at most ${maxBulkRequests} requests at a time.`,
  badSelection: "The selection could not be read. Reload the page and try again.",
  noAction: "Choose what to do with the selected requests.",
};

/** The action's value in the form: `status:contacted`, `assign:me`, `assign:none`, `assign:<account id>`, `spam`, `not-spam`. */
export function parseBulkAction(value: string): BulkAction | null {
  if (value === "spam" || value === "not-spam") return { kind: value };
  const [kind, argument = ""] = value.split(/:(.*)/s);
  if (kind === "status") {
    const status = bulkStatuses.find((candidate) => candidate === argument);
    return status ? { kind: "status", status } : null;
  }
  if (kind === "assign" && argument !== "") {
    return { kind: "assign", assignee: argument === "me" || argument === "none" ? argument : { id: argument } };
  }
  return null;
}
