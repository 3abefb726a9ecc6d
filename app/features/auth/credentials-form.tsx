import { useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { FormMessage, inputClass, primaryButtonClass } from "./auth-card.tsx";
import { credentialLimits, credentialsProblem } from "./credentials.ts";

type CredentialsFormProps = {
  /** Sent as `intent`, so one action can serve several forms. */
  intent: string;
  submitLabel: string;
  busyLabel: string;
  passwordAutoComplete: "current-password" | "new-password";
  defaultEmail?: string;
  error?: string | undefined;
  success?: string | undefined;
};

/** Email and password, checked here with the server's own rules before anything is sent. */
export function CredentialsForm({
  intent,
  submitLabel,
  busyLabel,
  passwordAutoComplete,
  defaultEmail,
  error,
  success,
}: CredentialsFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [browserError, setBrowserError] = useState<string | null>(null);
  const shownError = browserError ?? error;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const problem = credentialsProblem(Object.fromEntries(new FormData(event.currentTarget)), { newPassword: passwordAutoComplete === "new-password" });
    setBrowserError(problem);
    if (problem) event.preventDefault();
  };

  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {shownError && <FormMessage tone="error">{shownError}</FormMessage>}
      {!shownError && success && <FormMessage tone="success">{success}</FormMessage>}
      <div>
        <label htmlFor={`${intent}-email`} className="font-semibold">
          Email
        </label>
        <input
          id={`${intent}-email`}
          name="email"
          type="email"
          autoComplete="username"
          maxLength={credentialLimits.emailMax}
          defaultValue={defaultEmail}
          aria-invalid={shownError ? true : undefined}
          className={inputClass}
          onInput={() => setBrowserError(null)}
        />
      </div>
      <div>
        <label htmlFor={`${intent}-password`} className="font-semibold">
          Password
        </label>
        <input
          id={`${intent}-password`}
          name="password"
          type="password"
          autoComplete={passwordAutoComplete}
          maxLength={credentialLimits.passwordMax}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={passwordAutoComplete === "new-password" ? `${intent}-password-hint` : undefined}
          className={inputClass}
          onInput={() => setBrowserError(null)}
        />
        {passwordAutoComplete === "new-password" && (
          <p id={`${intent}-password-hint`} className="mt-1 text-sm text-slate-700">
            At least {credentialLimits.passwordMin} characters, and not one that is easy to guess.
          </p>
        )}
      </div>
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {busy ? busyLabel : submitLabel}
      </button>
    </Form>
  );
}
