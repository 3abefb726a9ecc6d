/** The office's time zone: dates staff see and type are in it, wherever the server runs. */
export const officeTimeZone = "America/New_York";

const officeDateTime = new Intl.DateTimeFormat("en-US", {
  timeZone: officeTimeZone,
  dateStyle: "medium",
  timeStyle: "short",
});

/** "Nov 23, 2026, 3:04 PM", in the office's time zone wherever the server runs. */
export function formatOfficeTime(date: Date): string {
  return officeDateTime.format(date);
}

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

/** "just now", "12 minutes ago", "3 hours ago", "yesterday"; a week or older, the date. */
export function formatReceived(date: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return relative.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relative.format(-hours, "hour");
  const days = Math.floor(hours / 24);
  if (days < 7) return relative.format(-days, "day");
  return formatOfficeTime(date);
}
