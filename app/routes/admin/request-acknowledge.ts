import { data } from "react-router";
import { acknowledgeRequest } from "#app/features/alerts/acknowledge.server.ts";
import { acknowledgementResult } from "#app/features/alerts/acknowledgement.ts";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import type { Route } from "./+types/request-acknowledge";

/** "I'm on it" from a notification's button: the service worker posts here and opens the request. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const member = await requireAccess(request, context, "staff");
  if (request.method !== "POST") return data({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
  const result = acknowledgementResult(await acknowledgeRequest(context.db, params.id, { id: member.id, email: member.email }));
  if (result.status === 404) return data({ error: "There is no such request." }, { status: 404 });
  return data("error" in result ? { error: result.error } : { success: result.success }, { status: result.status });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(request, context, "staff");
  return data({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
