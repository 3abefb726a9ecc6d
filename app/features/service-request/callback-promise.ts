/** How soon the office promises to call a new request back, when the setting cannot be read. */
export const defaultCallbackPromiseMinutes = 60;

/** "45 minutes", "1 hour", "2 hours", "1 hour 30 minutes". */
export function formatDuration(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(hours === 1 ? "1 hour" : `${hours} hours`);
  if (rest > 0 || hours === 0) parts.push(rest === 1 ? "1 minute" : `${rest} minutes`);
  return parts.join(" ");
}

/** The promise as the thank-you step and the confirmation email state it. */
export function callbackPromiseText(minutes: number): string {
  return `A specialist will call you within ${formatDuration(minutes)}.`;
}

export type CallbackState = { overdue: false; minutesLeft: number } | { overdue: true; minutesLate: number };

/** Where a new request stands against the promise at `now`. */
export function callbackState(receivedAt: Date, promiseMinutes: number, now: Date): CallbackState {
  // Never more than the promise: a clock a little behind the server's must not add time.
  const leftMs = Math.min(promiseMinutes * 60_000, receivedAt.getTime() + promiseMinutes * 60_000 - now.getTime());
  if (leftMs >= 0) return { overdue: false, minutesLeft: Math.ceil(leftMs / 60_000) };
  return { overdue: true, minutesLate: Math.ceil(-leftMs / 60_000) };
}
