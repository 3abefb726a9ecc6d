import { data, Form, Link, redirect, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { TextInput } from "#app/components/ui/field.tsx";
import { FormMessage } from "#app/components/ui/form-message.tsx";
import { AuthCard } from "#app/features/auth/auth-card.tsx";
import { credentialLimits } from "#app/features/auth/credentials.ts";
import { requestPasswordReset, resetPassword } from "#app/features/auth/password-reset.server.ts";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [{ title: "Reset your password | Staff" }, { name: "robots", content: "noindex" }];

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export function loader({ request }: Route.LoaderArgs) {
  return { hasToken: tokenOf(request) !== "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "reset") {
    const outcome = await resetPassword({ ...form, token: tokenOf(request) }, context);
    if (outcome.ok) throw redirect("/auth?reset=done");
    return data({ intent: "reset" as const, error: outcome.message, linkInvalid: outcome.linkInvalid }, { status: outcome.status });
  }
  const outcome = await requestPasswordReset(request, form, context);
  return data(
    outcome.ok ? { intent: "request" as const, success: outcome.message } : { intent: "request" as const, error: outcome.message, email: outcome.email },
    { status: outcome.ok ? 200 : outcome.status },
  );
}

function RequestLinkForm({ error, success, email }: { error?: string | undefined; success?: string | undefined; email?: string | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "request";
  return (
    <Form method="post" action="/auth/reset-password" className="space-y-4">
      <input type="hidden" name="intent" value="request" />
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {!error && success && <FormMessage tone="success">{success}</FormMessage>}
      <TextInput
        id="reset-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        maxLength={credentialLimits.emailMax}
        defaultValue={email}
        hint="The address you sign in with. The link works once, for one hour."
        invalid={Boolean(error)}
      />
      <button type="submit" disabled={busy} className={buttonClass("primary", { full: true })}>
        {busy ? "Sending..." : "Email Me a Link"}
      </button>
    </Form>
  );
}

function NewPasswordForm({ error }: { error?: string | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "reset";
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="reset" />
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <TextInput
        id="new-password"
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        maxLength={credentialLimits.passwordMax}
        hint={`At least ${credentialLimits.passwordMin} characters, and not one that is easy to guess. Saving it signs your account out everywhere.`}
        invalid={Boolean(error)}
      />
      <button type="submit" disabled={busy} className={buttonClass("primary", { full: true })}>
        {busy ? "Saving..." : "Save New Password"}
      </button>
    </Form>
  );
}

/** "Forgot password?": ask for a link by email, then, from the link, choose a new password. Works without JavaScript. */
export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const choosing = loaderData.hasToken && !(actionData?.intent === "reset" && actionData.linkInvalid) && actionData?.intent !== "request";
  return (
    <AuthCard title={choosing ? "Choose a new password" : "Forgot your password?"}>
      {choosing ? (
        <NewPasswordForm error={actionData?.intent === "reset" ? actionData.error : undefined} />
      ) : (
        <>
          {actionData?.intent === "reset" && <FormMessage tone="error">{actionData.error}</FormMessage>}
          <p className="my-4 text-slate-700">Type the email address of your staff account: we will email it a link to choose a new password.</p>
          <RequestLinkForm
            error={actionData?.intent === "request" && "error" in actionData ? actionData.error : undefined}
            success={actionData?.intent === "request" && "success" in actionData ? actionData.success : undefined}
            email={actionData?.intent === "request" && "email" in actionData ? actionData.email : undefined}
          />
        </>
      )}
      <p className="mt-6">
        <Link to="/auth" className="font-bold text-navy-900 underline underline-offset-4">
          Back to Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
