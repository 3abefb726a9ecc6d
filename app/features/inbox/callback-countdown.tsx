import { useSyncExternalStore } from "react";
import { callbackState, formatDuration } from "#app/features/service-request/callback-promise.ts";

const tickMs = 15_000;

function subscribeToClock(onTick: () => void) {
  const timer = window.setInterval(onTick, tickMs);
  return () => window.clearInterval(timer);
}

/** The time to the tick: the same value between ticks, as the store contract asks. */
const clockSnapshot = () => Math.floor(Date.now() / tickMs) * tickMs;

/** The browser's clock, moving every 15 seconds; the server's time while hydrating, so both render the same. */
function useNow(serverNow: string): Date {
  return new Date(useSyncExternalStore(subscribeToClock, clockSnapshot, () => Date.parse(serverNow)));
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
