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

/**
 * Statuses whose messages wait for staff to say "Not spam": spam sends nothing, suspected only
 * tells the office. The inbox's "All" leaves them out: they have their own filters.
 */
export const heldStatuses: readonly RequestStatus[] = ["suspected", "spam"];

export function holdsMessages(status: RequestStatus): boolean {
  return heldStatuses.includes(status);
}

/** How a lead reached us: the website's form, or a phone call that staff logged from the inbox. */
export const requestSources = ["web", "phone"] as const;
export type RequestSource = (typeof requestSources)[number];

export const sourceLabels: Record<RequestSource, string> = {
  web: "Website",
  phone: "Phone call",
};
