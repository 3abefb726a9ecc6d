import type { Acknowledgement } from "./acknowledge.server.ts";
import { formatOfficeTime } from "#app/domain/office-time.ts";

export const acknowledgedMessage = "You're on it: the other staff can see it now.";

/** What staff are told after "I'm on it", and the HTTP status that goes with it. */
export function acknowledgementResult(acknowledgement: Acknowledgement): { status: 200; success: string } | { status: 409; error: string } | { status: 404 } {
  if (acknowledgement.outcome === "missing") return { status: 404 };
  if (acknowledgement.outcome === "acknowledged") return { status: 200, success: acknowledgedMessage };
  return { status: 409, error: `${acknowledgement.by} is already on it (since ${formatOfficeTime(acknowledgement.at)}).` };
}
