import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { loadCompanySettings } from "#app/features/site/settings.server.ts";
import type { Database } from "#server/db/client.ts";
import { accounts, sessions, users, verifications } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { enqueueEmail } from "#server/outbox.ts";
import { recordStaffEvent } from "#app/features/audit/staff-events.server.ts";
import { confirmationEmail, existingAccountEmail, passwordChangedEmail, passwordResetEmail, siteLink } from "./account-emails.server.ts";
import { notifyAccountWaiting } from "./account-notices.server.ts";
import { credentialLimits } from "./credentials.ts";

/** Decision 4: signed out 24 hours after signing in, whatever the activity. */
export const sessionLifetimeSeconds = 24 * 60 * 60;

/** A password reset link works for one hour, and once. */
export const passwordResetLifetimeSeconds = 60 * 60;

/** Where the emailed link leads: our own page, which asks for the new password. */
export const resetPasswordPath = "/auth/reset-password";

export interface AuthOptions {
  db: Database;
  logger: Logger;
  secret: string;
  publicUrl: string;
  /** Behind HTTPS: cookies are marked Secure. */
  https: boolean;
  notifyOutbox: () => void;
}

/** Our cookies' prefix: a request carrying `staff.session_token` is a signed-in staff member's. */
export const staffCookiePrefix = "staff";

export function createAuth({ db, logger, secret, publicUrl, https, notifyOutbox }: AuthOptions) {
  const send = async (message: Parameters<typeof enqueueEmail>[1]) => {
    await enqueueEmail(db, message);
    notifyOutbox();
  };
  const companyName = async () => (await loadCompanySettings({ db, logger })).name;

  return betterAuth({
    baseURL: publicUrl,
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    telemetry: { enabled: false },
    // Our own limits (per email and per client, in the database) guard the sign-in and sign-up actions.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: credentialLimits.passwordMin,
      maxPasswordLength: credentialLimits.passwordMax,
      onExistingUserSignUp: async ({ user }) => {
        await send(existingAccountEmail(user.email, siteLink(publicUrl, "/auth"), await companyName()));
      },
      resetPasswordTokenExpiresIn: passwordResetLifetimeSeconds,
      // Whoever had the account's sessions (perhaps whoever made the reset necessary) is signed out.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const resetUrl = siteLink(publicUrl, `${resetPasswordPath}?token=${encodeURIComponent(token)}`);
        await send(passwordResetEmail(user.email, resetUrl, await companyName()));
      },
      onPasswordReset: async ({ user }) => {
        await recordStaffEvent(db, { id: user.id, email: user.email }, { kind: "password-reset", subjectEmail: user.email });
        await send(passwordChangedEmail(user.email, siteLink(publicUrl, "/auth"), await companyName()));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Signing in with the right password but an unconfirmed address sends a fresh link.
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: sessionLifetimeSeconds,
      sendVerificationEmail: async ({ user, token }) => {
        const confirmUrl = siteLink(publicUrl, `/auth/confirm?token=${encodeURIComponent(token)}`);
        await send(confirmationEmail(user.email, confirmUrl, await companyName()));
      },
      afterEmailVerification: async (user) => {
        // An account someone already approved (create-admin on an unconfirmed one) waits for nobody.
        if ((user as { role?: unknown }).role !== "pending") return;
        if ((await notifyAccountWaiting(db, user.email, { publicUrl, companyName: await companyName() })) > 0) notifyOutbox();
      },
    },
    // Reset links are bearer secrets: kept hashed, so a copy of the database cannot use one.
    verification: { storeIdentifier: { default: "plain", overrides: { "reset-password:": "hashed" } } },
    session: { expiresIn: sessionLifetimeSeconds, disableSessionRefresh: true },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "pending", input: false },
      },
    },
    advanced: { useSecureCookies: https, cookiePrefix: staffCookiePrefix },
    trustedOrigins: [new URL(publicUrl).origin],
    logger: {
      level: "warn",
      log: (level, message, ...args) => logger[level]({ args }, `auth: ${message}`),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
