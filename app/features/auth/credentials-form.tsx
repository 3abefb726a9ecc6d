import { useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { TextInput } from "#app/components/ui/field.tsx";
import { FormMessage } from "#app/components/ui/form-message.tsx";
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
  const messageId = `${intent}-message`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const problem = credentialsProblem(Object.fromEntries(new FormData(event.currentTarget)), { newPassword: passwordAutoComplete === "new-password" });
    setBrowserError(problem);
    if (problem) event.preventDefault();
  };

  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {shownError && (
        <FormMessage id={messageId} tone="error">
          {shownError}
        </FormMessage>
      )}
      {!shownError && success && <FormMessage tone="success">{success}</FormMessage>}
      <TextInput
        id={`${intent}-email`}
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        maxLength={credentialLimits.emailMax}
        defaultValue={defaultEmail}
        invalid={Boolean(shownError)}
        describedBy={shownError ? messageId : undefined}
        onInput={() => setBrowserError(null)}
      />
      <TextInput
        id={`${intent}-password`}
        name="password"
        label="Password"
        type="password"
        autoComplete={passwordAutoComplete}
        maxLength={credentialLimits.passwordMax}
        hint={
          passwordAutoComplete === "new-password" &&
          `At least ${credentialLimits.passwordMin} characters, and not one that is easy to guess.`
        }
        invalid={Boolean(shownError)}
        describedBy={shownError ? messageId : undefined}
        onInput={() => setBrowserError(null)}
      />
      <button type="submit" disabled={busy} className={buttonClass("primary", { full: true })}>
        {busy ? busyLabel : submitLabel}
      </button>
    </Form>
  );
}
