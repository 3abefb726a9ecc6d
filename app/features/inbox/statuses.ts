/** Where a request stands in the office's work. */
export const requestStatuses = ["new", "contacted", "scheduled", "closed", "suspected", "spam"] as const;
export type RequestStatus = (typeof requestStatuses)[number];

export const statusLabels: Record<RequestStatus, string> = {
  new: "New",
  contacted: "Contacted",
  scheduled: "Scheduled",
  closed: "Closed",
  suspected: "Suspected spam",
  spam: "Spam",
};

/** Statuses whose messages wait for staff to say "Not spam": spam sends nothing, suspected only tells the office. */
export function holdsMessages(status: RequestStatus): boolean {
  return status === "spam" || status === "suspected";
}
