import { APIError } from "better-auth/api";
import type { AppContext } from "#server/context.ts";
import { takeRateLimit, type RateLimit } from "#server/rate-limit.ts";
import { authMessages, emailProblem, newPasswordProblem, normalizeEmail } from "./credentials.ts";

/** Per address: three links an hour is plenty for a person and useless for flooding someone's inbox. */
export const resetPerEmailLimit: RateLimit = { limit: 3, windowMs: 60 * 60 * 1000 };
/** Per client: a few addresses, not a list of them. */
export const resetPerClientLimit: RateLimit = { limit: 10, windowMs: 60 * 60 * 1000 };

export type ResetDependencies = Pick<AppContext, "auth" | "db" | "logger" | "clientId"> & { now?: () => Date };

export type ResetRequestOutcome = { ok: true; message: string } | { ok: false; message: string; email: string; status: number };

/**
 * Asks for a reset link. The answer is the same whether or not an account uses the address (the
 * link goes only to the address itself); attempts are counted per client and per address first.
 */
export async function requestPasswordReset(request: Request, input: Record<string, unknown>, dependencies: ResetDependencies): Promise<ResetRequestOutcome> {
  const email = normalizeEmail(typeof input.email === "string" ? input.email : "").slice(0, 200);
  const problem = emailProblem(email);
  if (problem) return { ok: false, message: problem, email, status: 400 };
  const now = (dependencies.now ?? (() => new Date()))();
  const allowed = await dependencies.db.transaction(
    async (tx) =>
      (await takeRateLimit(tx, [`reset:client:${dependencies.clientId}`], resetPerClientLimit, now)) &&
      (await takeRateLimit(tx, [`reset:email:${email}`], resetPerEmailLimit, now)),
  );
  if (!allowed) return { ok: false, message: authMessages.tooManyResets, email, status: 429 };
  try {
    await dependencies.auth.api.requestPasswordReset({ body: { email }, headers: request.headers });
    return { ok: true, message: authMessages.resetSent };
  } catch (error) {
    dependencies.logger.error({ err: error }, "A password reset request failed");
    return { ok: false, message: authMessages.failed, email, status: 500 };
  }
}

export type ResetOutcome = { ok: true } | { ok: false; message: string; status: number; linkInvalid: boolean };

/**
 * Sets the new password with the emailed link's token: once, within the hour. The library ends
 * every session of the account in the same step, and our hook audits it and emails the owner.
 */
export async function resetPassword(input: Record<string, unknown>, dependencies: Pick<AppContext, "auth" | "logger">): Promise<ResetOutcome> {
  const token = typeof input.token === "string" ? input.token : "";
  const password = typeof input.password === "string" ? input.password : "";
  if (token === "" || token.length > 200) return { ok: false, message: authMessages.resetLinkInvalid, status: 404, linkInvalid: true };
  const problem = newPasswordProblem(password);
  if (problem) return { ok: false, message: problem, status: 400, linkInvalid: false };
  try {
    await dependencies.auth.api.resetPassword({ body: { newPassword: password, token } });
    return { ok: true };
  } catch (error) {
    if (error instanceof APIError && (error.body?.code === "INVALID_TOKEN" || error.body?.code === "USER_NOT_FOUND")) {
      return { ok: false, message: authMessages.resetLinkInvalid, status: 404, linkInvalid: true };
    }
    dependencies.logger.error({ err: error }, "A password reset failed");
    return { ok: false, message: authMessages.failed, status: 500, linkInvalid: false };
  }
}
