import { checkFormStart } from "./form-start.server.ts";
import { formStartField, honeypotField } from "./submission.ts";

/** Nobody fills five steps faster than this after the form was shown; a bot does. */
export const minimumFillTimeMs = 3_000;

/**
 * What the spam defence makes of a request (docs/decisions/0010-spam-policy.md): only a filled
 * honeypot is silent spam; a timing signal only makes it suspected, and the office still hears of it.
 */
export type SpamVerdict = { status: "new"; reason: null } | { status: "suspected" | "spam"; reason: string };

/** The one sure sign of a robot: the field people never see came filled. */
export function isHoneypotFilled(fields: Record<string, string>): boolean {
  return (fields[honeypotField] ?? "") !== "";
}

export function spamVerdictOf(fields: Record<string, string>, formStartSecret: string, now: Date): SpamVerdict {
  if (isHoneypotFilled(fields)) return { status: "spam", reason: "A hidden field that people never see was filled in." };
  const start = checkFormStart(formStartSecret, fields[formStartField], now);
  if (!start.valid) {
    return {
      status: "suspected",
      reason:
        start.reason === "missing"
          ? "It came without the time stamp our form adds when it opens (not sent from our page, or the page could not reach us)."
          : "The form's time stamp was not one our site made.",
    };
  }
  // A stamp from the future only means two servers' clocks differ: it proves nothing.
  if (start.ageMs >= 0 && start.ageMs < minimumFillTimeMs) {
    return { status: "suspected", reason: `It was sent ${(start.ageMs / 1000).toFixed(1)} seconds after the form opened, faster than a person types.` };
  }
  return { status: "new", reason: null };
}
