import { data } from "react-router";
import { z } from "zod";
import { pushSubscriptionSchema, removePushSubscription, savePushSubscription, maxDevicesPerUser } from "#app/features/alerts/subscriptions.server.ts";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import type { Route } from "./+types/push-subscriptions";

const unsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2048) });

async function jsonBody(request: Request): Promise<unknown> {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) return undefined;
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

/**
 * A staff device turning alerts on (POST, `PushSubscription.toJSON()`) or off (DELETE, the same
 * JSON or just its endpoint). Same-origin only, like every write (see the server's guards).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireAccess(request, context, "staff");
  const body = await jsonBody(request);
  if (request.method === "DELETE") {
    const parsed = unsubscribeSchema.safeParse(body);
    if (!parsed.success) return data({ error: "Send the device's subscription as JSON." }, { status: 400 });
    const removed = await removePushSubscription(context.db, member.id, parsed.data.endpoint);
    return { removed };
  }
  if (request.method !== "POST") return data({ error: "Use POST or DELETE." }, { status: 405, headers: { Allow: "POST, DELETE" } });
  const parsed = pushSubscriptionSchema(context.publicUrl).safeParse(body);
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Send the device's subscription as JSON." }, { status: 400 });
  const saved = await savePushSubscription(context.db, member.id, parsed.data, request.headers.get("user-agent") ?? "");
  if (saved === "too-many") {
    return data({ error: `Alerts are on for ${maxDevicesPerUser} devices already: turn them off on one first.` }, { status: 409 });
  }
  return data({ saved: true }, { status: 201 });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(request, context, "staff");
  return data({ error: "Use POST or DELETE." }, { status: 405, headers: { Allow: "POST, DELETE" } });
}
