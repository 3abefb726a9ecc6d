import { redirect } from "react-router";
import { signInPath } from "#app/features/auth/guard.server.ts";
import type { Route } from "./+types/sign-out";

/** Ends the session on the server and clears the cookie; an already ended session just goes to sign-in. */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const { headers } = await context.auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return redirect(signInPath, { headers });
  } catch {
    return redirect(signInPath);
  }
}

export function loader() {
  return redirect(signInPath);
}
