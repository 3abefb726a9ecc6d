import { submitServiceRequest } from "#app/features/service-request/submit.server.ts";
import type { Route } from "./+types/api.service-requests";

/** The dialog's endpoint: multipart in, JSON out (the dialog shows real upload progress). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ status: "refused", formError: "Method not allowed", values: {} }, { status: 405 });
  const { result, status } = await submitServiceRequest(request, context);
  return Response.json(result, { status, headers: { "Cache-Control": "no-store" } });
}
