import { officeTimeZone } from "#app/domain/office-time.ts";

const revisionTime = new Intl.DateTimeFormat("en-US", {
  timeZone: officeTimeZone,
  dateStyle: "medium",
  timeStyle: "short",
});

/** A revision's time as the office reads it (its own time zone). */
export function formatRevisionTime(iso: string): string {
  return revisionTime.format(new Date(iso));
}

/** What a save refused for being stale says: who changed the section meanwhile, and when. */
export function staleSaveMessage(authorEmail: string, createdAt: string): string {
  return `Changed by ${authorEmail || "someone"} at ${formatRevisionTime(createdAt)} since you opened it`;
}
