import { redirect } from "react-router";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import { retryDeliveries } from "#app/features/inbox/deliveries.server.ts";
import type { Route } from "./+types/deliveries-retry";

/** Nothing to show here: the alert lives on the dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(request, context, "staff");
  return redirect("/admin");
}

/** The dashboard alert's 'Retry': every failed or stuck request notification is sent again now. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireAccess(request, context, "staff");
  const retried = await retryDeliveries(context.db, {});
  context.logger.info({ by: member.id, retried }, "Notifications retried");
  context.notifyOutbox();
  return redirect("/admin");
}
