import { formatOfficeTime } from "#app/domain/office-time.ts";

/** What "I'm on it" did: took the request, found someone had first, or found no such request. */
export type Acknowledgement =
  | { outcome: "acknowledged"; at: Date }
  /** Someone said "I'm on it" first: who and when. */
  | { outcome: "already"; by: string; at: Date }
  | { outcome: "missing" };

export const acknowledgedMessage = "You're on it: the other staff can see it now.";

/** What staff are told after "I'm on it", and the HTTP status that goes with it. */
export function acknowledgementResult(acknowledgement: Acknowledgement): { status: 200; success: string } | { status: 409; error: string } | { status: 404 } {
  if (acknowledgement.outcome === "missing") return { status: 404 };
  if (acknowledgement.outcome === "acknowledged") return { status: 200, success: acknowledgedMessage };
  return { status: 409, error: `${acknowledgement.by} is already on it (since ${formatOfficeTime(acknowledgement.at)}).` };
}
