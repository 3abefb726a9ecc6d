import { useEffect, useEffectEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { playUrgentSound, urgentSoundEnabled } from "./urgent-sound.ts";

/** Where the admin pages listen; the server's live stream. */
export const liveStreamUrl = "/admin/live";

export type LiveState = "live" | "reconnecting";

interface LiveMessage {
  kind: string;
  urgent: boolean;
}

/** After the server refused the stream (too many, signed out): try again this much later. */
const retryAfterRefusalMs = 30_000;

/**
 * Keeps the admin's pages current: every change the server announces makes React Router load
 * the page's data again (changes arriving meanwhile cause one more load, not one each). A new
 * urgent request plays the sound when this browser turned it on. `since` is the last event the
 * page's data already includes, so nothing between the page's load and the stream's start is missed.
 */
export function useLiveAdmin(since: number): LiveState | null {
  const revalidator = useRevalidator();
  // Null until the stream answers: without the page's script there is no stream to speak of.
  const [state, setState] = useState<LiveState | null>(null);
  const revalidate = useEffectEvent(() => revalidator.revalidate());
  const initialSince = useEffectEvent(() => since);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let cursor = String(initialSince());
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let loading = false;
    let loadAgain = false;

    const refresh = async () => {
      if (loading) {
        loadAgain = true;
        return;
      }
      loading = true;
      try {
        await revalidate();
      } finally {
        loading = false;
        if (loadAgain) {
          loadAgain = false;
          void refresh();
        }
      }
    };

    const connect = () => {
      source = new EventSource(`${liveStreamUrl}?since=${encodeURIComponent(cursor)}`);
      source.addEventListener("ready", (event) => {
        if (event.lastEventId) cursor = event.lastEventId;
        setState("live");
      });
      source.addEventListener("reset", (event) => {
        if (event.lastEventId) cursor = event.lastEventId;
        setState("live");
        void refresh();
      });
      source.addEventListener("live", (event) => {
        if (event.lastEventId) cursor = event.lastEventId;
        const message = JSON.parse(event.data) as LiveMessage;
        if (message.kind === "request.created" && message.urgent && urgentSoundEnabled()) playUrgentSound();
        void refresh();
      });
      source.addEventListener("error", () => {
        setState("reconnecting");
        // The browser reconnects by itself after a lost connection, not after a refusal.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          retry = setTimeout(connect, retryAfterRefusalMs);
        }
      });
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, []);

  return state;
}
