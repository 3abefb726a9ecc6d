import type { MailMessage } from "#server/mail.ts";

/** The site's address without a trailing slash, for links in emails. */
export function siteLink(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${path}`;
}

/** The link that confirms a new staff account's address. */
export function confirmationEmail(to: string, confirmUrl: string, companyName: string): MailMessage {
  return {
    to,
    subject: `Confirm your email address - ${companyName}`,
    text: [
      "Hello,",
      "",
      `Someone, hopefully you, created a staff account on the ${companyName} website with this address.`,
      "Open this link to confirm it (it works for 24 hours):",
      "",
      confirmUrl,
      "",
      "Once confirmed, an administrator still has to approve the account before it can use the admin area.",
      "If it was not you, ignore this email: nothing happens without the link.",
      "",
      companyName,
    ].join("\n"),
  };
}

/** Sent instead of a second account: the sign-up page answers the same either way, so nobody learns who has one. */
export function existingAccountEmail(to: string, signInUrl: string, companyName: string): MailMessage {
  return {
    to,
    subject: `You already have an account - ${companyName}`,
    text: [
      "Hello,",
      "",
      `Someone tried to create a staff account on the ${companyName} website with this address, which already has one.`,
      `If it was you, sign in at ${signInUrl}.`,
      "If it was not you, you can ignore this email.",
      "",
      companyName,
    ].join("\n"),
  };
}
