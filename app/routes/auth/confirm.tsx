import { Link, redirect } from "react-router";
import { AuthCard } from "#app/features/auth/auth-card.tsx";
import type { Route } from "./+types/confirm";

export const meta: Route.MetaFunction = () => [{ title: "Confirm your email" }, { name: "robots", content: "noindex" }];

/** The link from the confirmation email: confirms the address and lands on the site root. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (token !== "") {
    try {
      await context.auth.api.verifyEmail({ query: { token } });
      throw redirect("/");
    } catch (error) {
      if (error instanceof Response) throw error;
      context.logger.info({ err: error }, "A confirmation link was refused");
    }
  }
  return null;
}

export default function ConfirmEmail() {
  return (
    <AuthCard title="This link does not work">
      <p>This confirmation link is invalid or has expired (links work for 24 hours).</p>
      <p className="mt-4">Sign in with your email and password: we will send you a new link.</p>
      <p className="mt-6">
        <Link to="/auth" className="font-bold text-navy-900 underline underline-offset-4">
          Go to Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
