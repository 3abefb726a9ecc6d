import { useEffect, useState } from "react";
import { callbackState, formatDuration } from "#app/features/service-request/callback-promise.ts";

/** The browser's clock, ticking each half minute; the server's time until hydrated, so both render the same. */
function useNow(serverNow: string): Date {
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** How much of the call-back promise is left for a new request, or, in words, that it has passed. */
export function CallbackCountdown({ receivedAt, promiseMinutes, serverNow }: { receivedAt: string; promiseMinutes: number; serverNow: string }) {
  const state = callbackState(new Date(receivedAt), promiseMinutes, useNow(serverNow));
  if (state.overdue) {
    return (
      <span className="inline-block rounded-md border-2 border-brand-red-700 px-2 py-0.5 text-sm font-black text-brand-red-800">
        Call-back overdue by {formatDuration(state.minutesLate)}
      </span>
    );
  }
  return <span className="text-sm font-semibold text-navy-900">Call back within {formatDuration(state.minutesLeft)}</span>;
}
