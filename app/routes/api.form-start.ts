import { issueFormStart } from "#app/features/service-request/form-start.server.ts";
import type { Route } from "./+types/api.form-start";

/** The dialog's form start stamp, made when it opens: never cached, since its time is the point. */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json({ formStart: issueFormStart(context.formStartSecret, new Date()) }, { headers: { "Cache-Control": "no-store" } });
}
