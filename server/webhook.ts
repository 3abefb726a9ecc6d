import { createHmac } from "node:crypto";

/** The header carrying the body's signature, as GitHub and most receivers name it. */
export const signatureHeader = "X-Signature-256";

/** `sha256=<hex HMAC-SHA256 of the raw body with the secret>`. */
export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

export interface WebhookSender {
  /** Resolves once the receiver answered 2xx; anything else throws with the reason. */
  send(body: string): Promise<void>;
}

/** A receiver that does not answer in this time is tried again later: the outbox holds a row lock meanwhile. */
const timeoutMs = 15_000;

export function createWebhookSender({ url, secret }: { url: string; secret: string }): WebhookSender {
  return {
    async send(body) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", [signatureHeader]: signWebhookBody(body, secret) },
        body,
        redirect: "error",
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The receiver's body is not ours to keep or log.
      await response.body?.cancel();
      if (!response.ok) throw new Error(`The webhook receiver answered HTTP ${response.status}`);
    },
  };
}
