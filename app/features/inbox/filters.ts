import { problemTypes, type ProblemType } from "#app/features/service-request/catalogue.ts";
import { requestSources, requestStatuses, type RequestSource, type RequestStatus } from "#app/domain/request-statuses.ts";

/** The longest search staff can type; a longer one from the address bar is refused with a message. */
export const searchMaxLength = 100;
export const maxPage = 10_000;

/** Who a request is assigned to, as the inbox filters it: the viewer, nobody, or one account by id. */
export type AssigneeFilter = "me" | "none" | { id: string };

/** The inbox's filter, from the address bar (shareable, kept by the back button, no JavaScript needed). */
export interface InboxFilter {
  /** Unset: every request but spam and suspected spam. */
  status?: RequestStatus;
  problem?: ProblemType;
  source?: RequestSource;
  assignee?: AssigneeFilter;
  urgent: boolean;
  overdue: boolean;
  /** Received on or after this day, in the office's time zone (`YYYY-MM-DD`). */
  from?: string;
  /** Received on or before this day, in the office's time zone (`YYYY-MM-DD`). */
  to?: string;
  q?: string;
  page: number;
}

export const filterMessages = {
  searchTooLong: `The search is limited to ${searchMaxLength} characters: it was not applied.`,
  badFrom: "The “From” date is not a valid date (use YYYY-MM-DD): it was not applied.",
  badTo: "The “To” date is not a valid date (use YYYY-MM-DD): it was not applied.",
  fromAfterTo: "The “From” date is after the “To” date: the dates were not applied.",
};

/** Account ids are better-auth's: letters, digits, `-` and `_`. */
const accountIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** A real calendar day between 2000 and 2100 written `YYYY-MM-DD`, or null. */
function calendarDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 2000 && year <= 2100 ? value : null;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

function assigneeOf(value: string | null): AssigneeFilter | undefined {
  if (value === "me" || value === "none") return value;
  return value && accountIdPattern.test(value) ? { id: value } : undefined;
}

/**
 * The filter in the address bar, and what was wrong with it in staff's words. An unknown choice
 * is ignored; a bad date or an over-long search is named and not applied, and the rest still is.
 */
export function readInboxFilter(params: URLSearchParams): { filter: InboxFilter; problems: string[] } {
  const problems: string[] = [];
  const dateOf = (name: "from" | "to", message: string) => {
    const raw = params.get(name)?.trim() ?? "";
    if (raw === "") return undefined;
    const day = calendarDay(raw);
    if (!day) problems.push(message);
    return day ?? undefined;
  };
  let from = dateOf("from", filterMessages.badFrom);
  let to = dateOf("to", filterMessages.badTo);
  if (from && to && from > to) {
    problems.push(filterMessages.fromAfterTo);
    from = to = undefined;
  }
  const search = params.get("q")?.trim() ?? "";
  if (search.length > searchMaxLength) problems.push(filterMessages.searchTooLong);
  const page = Number(params.get("page") ?? 1);
  return {
    problems,
    filter: {
      status: oneOf(requestStatuses, params.get("status")),
      problem: oneOf(problemTypes, params.get("problem")),
      source: oneOf(requestSources, params.get("source")),
      assignee: assigneeOf(params.get("assignee")),
      urgent: params.get("urgent") === "1",
      overdue: params.get("overdue") === "1",
      from,
      to,
      q: search !== "" && search.length <= searchMaxLength ? search : undefined,
      page: Number.isInteger(page) && page >= 1 && page <= maxPage ? page : 1,
    },
  };
}

export function parseInboxFilter(params: URLSearchParams): InboxFilter {
  return readInboxFilter(params).filter;
}

/** Whether anything narrows the list (the page does not). */
export function isFiltered(filter: InboxFilter): boolean {
  return Boolean(filter.status || filter.problem || filter.source || filter.assignee || filter.urgent || filter.overdue || filter.from || filter.to || filter.q);
}

/** The filter as a query string (without `?`), with `changes` applied; page 1 unless a page is given. */
export function inboxQuery(filter: InboxFilter, changes: Partial<InboxFilter> = {}): string {
  const next: InboxFilter = { ...filter, page: 1, ...changes };
  const params = new URLSearchParams();
  if (next.status) params.set("status", next.status);
  if (next.problem) params.set("problem", next.problem);
  if (next.source) params.set("source", next.source);
  if (next.assignee) params.set("assignee", typeof next.assignee === "string" ? next.assignee : next.assignee.id);
  if (next.urgent) params.set("urgent", "1");
  if (next.overdue) params.set("overdue", "1");
  if (next.from) params.set("from", next.from);
  if (next.to) params.set("to", next.to);
  if (next.q) params.set("q", next.q);
  if (next.page > 1) params.set("page", String(next.page));
  return params.toString();
}
