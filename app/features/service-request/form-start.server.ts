import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * When a request form was shown, on the server's clock: `<ms since epoch>.<signature>`. The
 * visitor's clock never enters the spam check, and the signature makes a forged start time
 * (an old one, to look slow) worthless.
 */
export function issueFormStart(secret: string, now: Date): string {
  const issuedAt = String(now.getTime());
  return `${issuedAt}.${signatureOf(secret, issuedAt)}`;
}

export type FormStartCheck = { valid: true; ageMs: number } | { valid: false; reason: "missing" | "not recognised" };

/** How long ago the form was shown, or why that cannot be known. */
export function checkFormStart(secret: string, token: string | undefined, now: Date): FormStartCheck {
  if (!token) return { valid: false, reason: "missing" };
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return { valid: false, reason: "not recognised" };
  const [, issuedAt = "", signature = ""] = match;
  const expected = Buffer.from(signatureOf(secret, issuedAt));
  if (!timingSafeEqual(Buffer.from(signature), expected)) return { valid: false, reason: "not recognised" };
  return { valid: true, ageMs: now.getTime() - Number(issuedAt) };
}

function signatureOf(secret: string, issuedAt: string): string {
  return createHmac("sha256", secret).update(`form-start:${issuedAt}`).digest("base64url");
}
