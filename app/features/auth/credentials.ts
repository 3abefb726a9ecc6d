import { z } from "zod";

/** Spec §5 and §9: the sign-in and sign-up rules, checked in the browser and again on the server. */
export const credentialLimits = { emailMax: 100, passwordMin: 6, passwordMax: 128 } as const;

export const authMessages = {
  missing: "Please fill in all fields",
  invalidEmail: "Please enter a valid email address",
  shortPassword: "Password must be at least 6 characters",
  longPassword: "Password must be at most 128 characters",
  badCredentials: "Invalid email or password",
  tooManySignIns: "Too many login attempts. Please wait before trying again.",
  tooManySignUps: "Too many signup attempts. Please wait before trying again.",
  checkEmail: "Please check your email for confirmation link",
  unconfirmed: "Please confirm your email address first: we have sent you a new confirmation link.",
  failed: "An error occurred. Please try again.",
  setupLinkInvalid: "This setup link is invalid, expired or already used. Restart the site for a new one, or use npm run create-admin.",
} as const;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

/** The first problem, as the one message the form shows. */
export function credentialsProblem(input: unknown): string | null {
  const parsed = credentialsSchema.safeParse(input);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? authMessages.failed);
}
