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

/** The link that lets a staff member choose a new password. */
export function passwordResetEmail(to: string, resetUrl: string, companyName: string): MailMessage {
  return {
    to,
    subject: `Choose a new password - ${companyName}`,
    text: [
      "Hello,",
      "",
      `Someone, hopefully you, asked to choose a new password for your staff account on the ${companyName} website.`,
      "Open this link to choose one (it works once, for one hour):",
      "",
      resetUrl,
      "",
      "Choosing a new password signs your account out everywhere it is signed in.",
      "If it was not you, ignore this email: your password stays as it is.",
      "",
      companyName,
    ].join("\n"),
  };
}

/** Sent once a new password is chosen, so an owner who did not ask for it learns at once. */
export function passwordChangedEmail(to: string, signInUrl: string, companyName: string): MailMessage {
  return {
    to,
    subject: `Your password was changed - ${companyName}`,
    text: [
      "Hello,",
      "",
      `The password of your staff account on the ${companyName} website was just changed, and every place it was signed in was signed out.`,
      `If it was you, sign in with the new password at ${signInUrl}.`,
      "If it was not you, tell an administrator at once.",
      "",
      companyName,
    ].join("\n"),
  };
}

/** To each administrator when a new account has confirmed its address and waits for their decision. */
export function accountWaitingEmail(to: string, accountEmail: string, usersUrl: string, companyName: string): MailMessage {
  return {
    to,
    subject: `New staff account waiting for approval - ${companyName}`,
    text: [
      "Hello,",
      "",
      `${accountEmail} created a staff account on the ${companyName} website and confirmed the address.`,
      "It cannot use the admin area until an administrator approves it.",
      "",
      `Approve it (as an editor or an administrator) or refuse it at ${usersUrl}`,
      "",
      companyName,
    ].join("\n"),
  };
}

/** To the person whose account an administrator approved. */
export function accountApprovedEmail(to: string, roleName: string, signInUrl: string, companyName: string): MailMessage {
  return {
    to,
    subject: `Your staff account is approved - ${companyName}`,
    text: [
      "Hello,",
      "",
      `An administrator approved your staff account on the ${companyName} website as ${roleName}.`,
      `Sign in at ${signInUrl} to start.`,
      "",
      companyName,
    ].join("\n"),
  };
}

/** To the person whose waiting account an administrator refused. */
export function accountRefusedEmail(to: string, companyName: string): MailMessage {
  return {
    to,
    subject: `Your staff account was not approved - ${companyName}`,
    text: [
      "Hello,",
      "",
      `An administrator did not approve your staff account on the ${companyName} website, so it cannot use the admin area.`,
      "If you think this is a mistake, ask the office.",
      "",
      companyName,
    ].join("\n"),
  };
}
