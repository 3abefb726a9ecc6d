/** What a staff action in the audit log was, besides content saves (those are `content_revisions`). */
export const staffEventKinds = ["account-role", "password-reset", "requests-export"] as const;
export type StaffEventKind = (typeof staffEventKinds)[number];

/** One staff action as the audit log lists it. */
export interface StaffEventSummary {
  id: string;
  kind: StaffEventKind;
  actorEmail: string;
  subjectEmail: string;
  details: Record<string, string | number>;
  createdAt: string;
}
