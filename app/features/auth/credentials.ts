import "#app/utils/zod-jitless.ts";
import { z } from "zod";
import { defaultCompany } from "#app/content/company.ts";
import { emailMaxLength, emailPattern } from "#app/domain/email.ts";
import { commonPasswords } from "./common-passwords.ts";

/** The sign-in and sign-up rules (decision 4), checked in the browser and again on the server. */
export const credentialLimits = { emailMax: emailMaxLength, passwordMin: 6, passwordMax: 128 } as const;

export const authMessages = {
  missing: "Please fill in all fields",
  invalidEmail: "Please enter a valid email address",
  shortPassword: "Password must be at least 6 characters",
  longPassword: "Password must be at most 128 characters",
  blankPassword: "Password cannot be only spaces",
  commonPassword: "This password is too common. Choose one that is harder to guess.",
  badCredentials: "Invalid email or password",
  tooManySignIns: "Too many login attempts. Please wait before trying again.",
  tooManySignUps: "Too many signup attempts. Please wait before trying again.",
  checkEmail: "Please check your email for confirmation link",
  unconfirmed: "Please confirm your email address first: we have sent you a new confirmation link.",
  failed: "An error occurred. Please try again.",
  resetSent: "If an account uses this address, we have emailed it a link to choose a new password. The link works for one hour.",
  tooManyResets: "Too many password reset requests. Please wait before trying again.",
  resetLinkInvalid: "This link is invalid, expired or already used. Ask for a new one below.",
  passwordChanged: "Your password has been changed and every session of your account was signed out. Sign in with your new password.",
  setupLinkInvalid: "This setup link is invalid, expired or already used. Restart the site for a new one, or use npm run create-admin.",
} as const;

/** The problem with a typed address, or null: the same rule as sign-in's. */
export function emailProblem(email: string): string | null {
  if (email === "") return authMessages.missing;
  return email.length > credentialLimits.emailMax || !emailPattern.test(email) ? authMessages.invalidEmail : null;
}

/** The sign-in address as the spec has it: tags stripped, trimmed, lower-cased; one address is one account however it is typed. */
export function normalizeEmail(value: string): string {
  return value
    .replace(/<[^>]*>?/g, "")
    .trim()
    .toLowerCase();
}

export const credentialsSchema = z
  .object({
    email: z.string().default("").transform(normalizeEmail),
    // Passwords are taken exactly as typed: spaces and angle brackets are allowed characters.
    password: z.string().default(""),
  })
  .superRefine(({ email, password }, context) => {
    if (email === "" || password === "") {
      context.addIssue({ code: "custom", message: authMessages.missing });
      return;
    }
    if (email.length > credentialLimits.emailMax || !emailPattern.test(email)) {
      context.addIssue({ code: "custom", message: authMessages.invalidEmail, path: ["email"] });
    }
    if (password.length < credentialLimits.passwordMin) {
      context.addIssue({ code: "custom", message: authMessages.shortPassword, path: ["password"] });
    } else if (password.length > credentialLimits.passwordMax) {
      context.addIssue({ code: "custom", message: authMessages.longPassword, path: ["password"] });
    }
  });

export type Credentials = z.output<typeof credentialsSchema>;

/** Lower case, letters and digits only, trailing digits dropped: `Jane.Doe2024` and `janedoe` are one guess. */
const stem = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "")
    .replace(/\d+$/, "");

/** Runs a guesser tries first: digits both ways, the alphabet both ways, keyboard rows. */
const sequences = ["01234567890123456789", "abcdefghijklmnopqrstuvwxyz", "qwertyuiop", "asdfghjkl", "zxcvbnm", "qazwsxedcrfvtgbyhnujmikolp"].flatMap(
  (run) => [run, [...run].reverse().join("")],
);

/** Any run of the company's words: `serviceready`, `readyrestoration`, `restoration`... */
const companyStems = defaultCompany.name
  .split(/\s+/)
  .flatMap((_, start, words) => words.slice(start).map((_, length) => stem(words.slice(start, start + length + 1).join(""))));

/** Whether someone trying the obvious would find this password. */
function isGuessable(password: string, email: string): boolean {
  const lower = password.toLowerCase();
  const squashed = lower.replace(/\s+/g, "");
  const passwordStem = stem(password);
  return (
    commonPasswords.has(lower) ||
    new Set(squashed).size === 1 ||
    sequences.some((run) => run.includes(squashed)) ||
    (passwordStem !== "" && (passwordStem === stem(email.split("@")[0] ?? "") || lower === email || companyStems.includes(passwordStem)))
  );
}

/**
 * For a new password (sign-up, the first administrator, create-admin): the sign-in rules, and not
 * blank or guessable. Sign-in keeps the plain rules, so an older account's password still works.
 */
export const newCredentialsSchema = credentialsSchema.superRefine(({ email, password }, context) => {
  if (password.length < credentialLimits.passwordMin || password.length > credentialLimits.passwordMax) return;
  const problem = newPasswordProblem(password, email);
  if (problem) context.addIssue({ code: "custom", message: problem, path: ["password"] });
});

/** Why a password being chosen is refused, or null: too short or long, blank, or guessable (from `email` too, when known). */
export function newPasswordProblem(password: string, email = ""): string | null {
  if (password === "") return authMessages.missing;
  if (password.length < credentialLimits.passwordMin) return authMessages.shortPassword;
  if (password.length > credentialLimits.passwordMax) return authMessages.longPassword;
  if (password.trim() === "") return authMessages.blankPassword;
  return isGuessable(password, email) ? authMessages.commonPassword : null;
}

/** The first problem, as the one message the form shows; `newPassword` for a password being chosen. */
export function credentialsProblem(input: unknown, { newPassword }: { newPassword: boolean }): string | null {
  const parsed = (newPassword ? newCredentialsSchema : credentialsSchema).safeParse(input);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? authMessages.failed);
}
