import { Link, redirect } from "react-router";
import { AuthCard } from "#app/features/auth/auth-card.tsx";
import type { Route } from "./+types/confirm";

export const meta: Route.MetaFunction = () => [{ title: "Confirm your email" }, { name: "robots", content: "noindex" }];

/** Where a used link lands: the token leaves the address bar, and a reload says the same thing again. */
const confirmedPath = "/auth/confirm?confirmed=1";

/** The link from the confirmation email: confirms the address and says what happens next. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("confirmed") === "1") return { confirmed: true };
  const token = url.searchParams.get("token") ?? "";
  if (token !== "") {
    try {
      await context.auth.api.verifyEmail({ query: { token } });
      throw redirect(confirmedPath);
    } catch (error) {
      if (error instanceof Response) throw error;
      context.logger.info({ err: error }, "A confirmation link was refused");
    }
  }
  return { confirmed: false };
}

const linkClass = "font-bold text-navy-900 underline underline-offset-4";

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  if (loaderData.confirmed) {
    return (
      <AuthCard title="Your email address is confirmed">
        <p>Thank you. What happens next:</p>
        <ol className="mt-4 list-decimal space-y-2 pl-6">
          <li>The site&apos;s administrators have been emailed that your account is waiting for approval.</li>
          <li>An administrator approves it as an editor (content and requests) or as an administrator.</li>
          <li>We email you as soon as they decide. Then sign in with your email and password.</li>
        </ol>
        <p className="mt-4">Until then, signing in shows that your account is waiting.</p>
        <p className="mt-6">
          <Link to="/auth" className={linkClass}>
            Go to Sign In
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="This link does not work">
      <p>This confirmation link is invalid or has expired (links work for 24 hours).</p>
      <p className="mt-4">Sign in with your email and password: we will send you a new link.</p>
      <p className="mt-6">
        <Link to="/auth" className={linkClass}>
          Go to Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
