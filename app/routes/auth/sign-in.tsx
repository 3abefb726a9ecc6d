import { data, Link, redirect } from "react-router";
import { AuthCard } from "#app/features/auth/auth-card.tsx";
import { CredentialsForm } from "#app/features/auth/credentials-form.tsx";
import { currentAccount } from "#app/features/auth/guard.server.ts";
import { authMessages } from "#app/features/auth/credentials.ts";
import { signIn, signUp } from "#app/features/auth/sign-in.server.ts";
import type { Route } from "./+types/sign-in";

type Tab = "sign-in" | "sign-up";

export const meta: Route.MetaFunction = () => [
  { title: "Staff Sign In | Service Ready Restoration" },
  { name: "description", content: "Sign-in for Service Ready Restoration's office staff. Need help with property damage? Call us 24/7." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await currentAccount(request, context)) throw redirect("/admin");
  const url = new URL(request.url);
  const tab: Tab = url.searchParams.get("tab") === "sign-up" ? "sign-up" : "sign-in";
  return { tab, adminCreated: url.searchParams.get("created") === "admin", passwordChanged: url.searchParams.get("reset") === "done" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const outcome = form.intent === "sign-up" ? await signUp(request, form, context) : await signIn(request, form, context);
  if (outcome.ok && outcome.intent === "sign-in") throw redirect("/admin", { headers: outcome.headers });
  return data(
    outcome.ok
      ? { intent: outcome.intent, success: outcome.message }
      : { intent: outcome.intent, error: outcome.message, email: outcome.email },
    {
      status: outcome.ok ? 200 : outcome.status,
    },
  );
}

const tabs: { id: Tab; label: string; to: string }[] = [
  { id: "sign-in", label: "Sign In", to: "/auth" },
  { id: "sign-up", label: "Sign Up", to: "/auth?tab=sign-up" },
];
const tabClass = "flex min-h-11 flex-1 items-center justify-center rounded-md font-bold";

export default function SignInPage({ loaderData, actionData }: Route.ComponentProps) {
  // After a submit the page shows the form that was sent, whatever the address says.
  const tab: Tab = actionData?.intent ?? loaderData.tab;
  const answer = actionData?.intent === tab ? actionData : undefined;
  const error = answer && "error" in answer ? answer.error : undefined;
  const email = answer && "email" in answer ? answer.email : undefined;
  const success =
    answer && "success" in answer
      ? answer.success
      : loaderData.adminCreated && tab === "sign-in"
        ? "Administrator account created. Sign in to continue."
        : loaderData.passwordChanged && tab === "sign-in"
          ? authMessages.passwordChanged
          : undefined;

  return (
    <AuthCard title={tab === "sign-in" ? "Sign In" : "Sign Up"}>
      <nav aria-label="Sign in or sign up" className="mb-6 flex gap-2 rounded-lg bg-slate-100 p-1">
        {tabs.map(({ id, label, to }) => (
          <Link
            key={id}
            to={to}
            aria-current={tab === id ? "page" : undefined}
            className={`${tabClass} ${tab === id ? "bg-white text-navy-900 shadow" : "text-slate-700"}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      {tab === "sign-in" ? (
        <>
          <CredentialsForm
            key="sign-in"
            intent="sign-in"
            submitLabel="Sign In"
            busyLabel="Signing in..."
            passwordAutoComplete="current-password"
            defaultEmail={email}
            error={error}
            success={success}
          />
          <p className="mt-4 text-center">
            <Link to="/auth/reset-password" className="font-semibold text-navy-900 underline underline-offset-4">
              Forgot password?
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="mb-4 text-slate-700">New staff accounts can use the admin once an administrator approves them.</p>
          <CredentialsForm
            key="sign-up"
            intent="sign-up"
            submitLabel="Sign Up"
            busyLabel="Creating account..."
            passwordAutoComplete="new-password"
            defaultEmail={email}
            error={error}
            success={success}
          />
        </>
      )}
    </AuthCard>
  );
}
