import { data, redirect } from "react-router";
import type { AppContext } from "#server/context.ts";
import type { Access, AccountRole } from "#app/domain/roles.ts";

/** A signed-in staff member whom an administrator has approved. */
export interface StaffMember {
  id: string;
  email: string;
  role: "editor" | "admin";
}

/** What the admin shows an account that may not enter (thrown as a 403). */
export interface AccessRefusal {
  refusal: "pending" | "revoked" | "admin-only";
  email: string;
}

export const signInPath = "/auth";

/** The signed-in account behind this request, or null. */
export async function currentAccount(request: Request, { auth }: Pick<AppContext, "auth">) {
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  return { id: session.user.id, email: session.user.email, role: session.user.role as AccountRole };
}

/**
 * The one check in front of every admin loader and action: a visitor is sent to sign in, an
 * account without the access gets a 403 that says why, and nothing else runs.
 */
export async function requireAccess(request: Request, context: Pick<AppContext, "auth">, access: Access): Promise<StaffMember> {
  const account = await currentAccount(request, context);
  if (!account) throw redirect(signInPath);
  const refuse = (refusal: AccessRefusal["refusal"]) => data<AccessRefusal>({ refusal, email: account.email }, { status: 403 });
  if (account.role === "pending") throw refuse("pending");
  if (account.role === "revoked") throw refuse("revoked");
  if (access === "admin" && account.role !== "admin") throw refuse("admin-only");
  return { id: account.id, email: account.email, role: account.role };
}
