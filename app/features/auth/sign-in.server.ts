import { APIError } from "better-auth/api";
import type { AppContext } from "#server/context.ts";
import { takeRateLimit, type RateLimit } from "#server/rate-limit.ts";
import { authMessages, credentialsSchema, newCredentialsSchema, type Credentials } from "./credentials.ts";

/** Decision 4: 5 attempts per email per 5 minutes; a client trying many addresses is held back too. */
export const perEmailLimit: RateLimit = { limit: 5, windowMs: 5 * 60 * 1000 };
export const perClientLimit: RateLimit = { limit: 20, windowMs: 5 * 60 * 1000 };

export type AuthIntent = "sign-in" | "sign-up";

export type AuthOutcome =
  | { ok: true; intent: "sign-in"; headers: Headers }
  | { ok: true; intent: "sign-up"; message: string }
  | { ok: false; intent: AuthIntent; message: string; email: string; status: number };

export type AuthDependencies = Pick<AppContext, "auth" | "db" | "logger" | "clientId"> & { now?: () => Date };

/** Counts the attempt; false when the email or the client has used up its attempts. */
async function allowAttempt({ db, clientId }: AuthDependencies, intent: AuthIntent, email: string, now: Date): Promise<boolean> {
  return db.transaction(
    async (tx) =>
      (await takeRateLimit(tx, [`${intent}:client:${clientId}`], perClientLimit, now)) &&
      (await takeRateLimit(tx, [`${intent}:email:${email}`], perEmailLimit, now)),
  );
}

type Refuse = (message: string, status: number) => AuthOutcome;

/**
 * What sign-in and sign-up share: the input is checked and the attempt counted before `work`
 * runs with the clean credentials; `refuse` answers with the email kept for the form.
 */
async function attempt(
  intent: AuthIntent,
  input: Record<string, unknown>,
  dependencies: AuthDependencies,
  work: (credentials: Credentials, refuse: Refuse) => Promise<AuthOutcome>,
): Promise<AuthOutcome> {
  // A new account's password must not be guessable; signing in checks only the plain rules, so older passwords still work.
  const parsed = (intent === "sign-up" ? newCredentialsSchema : credentialsSchema).safeParse(input);
  if (!parsed.success) {
    const email = typeof input.email === "string" ? input.email.slice(0, 200) : "";
    return { ok: false, intent, email, status: 400, message: parsed.error.issues[0]?.message ?? authMessages.failed };
  }
  const refuse: Refuse = (message, status) => ({ ok: false, intent, email: parsed.data.email, message, status });
  const now = (dependencies.now ?? (() => new Date()))();
  if (!(await allowAttempt(dependencies, intent, parsed.data.email, now))) {
    return refuse(intent === "sign-in" ? authMessages.tooManySignIns : authMessages.tooManySignUps, 429);
  }
  return work(parsed.data, refuse);
}

/** Signs in with email and password; the headers carry the session cookie. */
export function signIn(request: Request, input: Record<string, unknown>, dependencies: AuthDependencies): Promise<AuthOutcome> {
  return attempt("sign-in", input, dependencies, async ({ email, password }, refuse) => {
    try {
      const { headers } = await dependencies.auth.api.signInEmail({
        body: { email, password },
        headers: request.headers,
        returnHeaders: true,
      });
      return { ok: true, intent: "sign-in", headers };
    } catch (error) {
      if (error instanceof APIError && error.body?.code === "INVALID_EMAIL_OR_PASSWORD") return refuse(authMessages.badCredentials, 401);
      // Only reached with the right password, so it tells nothing to someone who does not know it.
      if (error instanceof APIError && error.body?.code === "EMAIL_NOT_VERIFIED") return refuse(authMessages.unconfirmed, 403);
      dependencies.logger.error({ err: error }, "Sign-in failed");
      return refuse(authMessages.failed, 500);
    }
  });
}

/** Creates a pending account and mails the confirmation link; the answer is the same for a known address. */
export function signUp(request: Request, input: Record<string, unknown>, dependencies: AuthDependencies): Promise<AuthOutcome> {
  return attempt("sign-up", input, dependencies, async ({ email, password }, refuse) => {
    try {
      await dependencies.auth.api.signUpEmail({ body: { email, password, name: email.split("@")[0] ?? email }, headers: request.headers });
      return { ok: true, intent: "sign-up", message: authMessages.checkEmail };
    } catch (error) {
      dependencies.logger.error({ err: error }, "Sign-up failed");
      return refuse(authMessages.failed, 500);
    }
  });
}
