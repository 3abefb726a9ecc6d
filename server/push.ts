import webPush from "web-push";
import type { VapidKeys } from "./config.ts";

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSender {
  /** Sends one encrypted alert; resolves with the push service's HTTP status, rejects when it cannot be reached. */
  send(target: PushTarget, body: string, urgent: boolean): Promise<number>;
}

/** An alert nobody saw within a day is no longer news: the push service may drop it. */
const timeToLiveSeconds = 24 * 60 * 60;

/**
 * Web Push (RFC 8030) with the payload encrypted for the device (RFC 8291, aes128gcm) and signed
 * for our server (VAPID, RFC 8292). The library builds the request; we send it ourselves, so an
 * http receiver works too (development and tests) and the time it may take is ours to bound.
 */
export function createPushSender(vapid: VapidKeys, { timeoutMs = 10_000 }: { timeoutMs?: number } = {}): PushSender {
  return {
    async send(target, body, urgent) {
      const request = webPush.generateRequestDetails(target, body, {
        vapidDetails: vapid,
        TTL: timeToLiveSeconds,
        urgency: urgent ? "high" : "normal",
        contentEncoding: "aes128gcm",
      });
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: "error",
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      return response.status;
    },
  };
}
