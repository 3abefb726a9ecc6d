import type { AccountRole } from "#app/domain/roles.ts";
import type { StaffEventSummary } from "#app/domain/staff-events.ts";

const roleNames: Record<AccountRole, string> = {
  pending: "waiting for approval",
  editor: "an editor",
  admin: "an administrator",
  revoked: "without access",
};

const isRole = (value: unknown): value is AccountRole => typeof value === "string" && value in roleNames;

/** A role change as the office would say it: an approval, a refusal, a revocation or a change of role. */
export function describeRoleChange(subject: string, from: unknown, to: unknown): string {
  if (!isRole(from) || !isRole(to)) return `Changed the role of ${subject}`;
  if (from === "pending" && to === "revoked") return `Refused the account of ${subject}`;
  if (from === "pending") return `Approved ${subject} as ${roleNames[to]}`;
  if (to === "revoked") return `Revoked the access of ${subject}`;
  if (from === "revoked") return `Restored ${subject} as ${roleNames[to]}`;
  return `Made ${subject} ${roleNames[to]} (was ${roleNames[from]})`;
}

/** One staff action of the audit log, in words. */
export function describeStaffEvent(event: Pick<StaffEventSummary, "kind" | "subjectEmail" | "details">): string {
  switch (event.kind) {
    case "account-role":
      return describeRoleChange(event.subjectEmail, event.details.from, event.details.to);
    case "password-reset":
      return `Chose a new password with an emailed link (every session of ${event.subjectEmail} was signed out)`;
    case "requests-export": {
      const rows = Number(event.details.rows ?? 0);
      return `Exported ${rows} ${rows === 1 ? "request" : "requests"} as a spreadsheet (CSV)${event.details.filter ? `: ${event.details.filter}` : ""}`;
    }
  }
}
