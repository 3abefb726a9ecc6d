import { requireAccess } from "#app/features/auth/guard.server.ts";
import { storeImage } from "#app/features/content/images.server.ts";
import { imageUploadLimits, isMediaFolder, uploadMessages } from "#app/domain/media.ts";
import type { Route } from "./+types/uploads";

/** Room for the multipart envelope around a file at the limit. */
const envelopeBytes = 64 * 1024;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(request, context, "staff");
  throw new Response("Images are uploaded here with POST.", {
    status: 405,
    headers: { Allow: "POST" },
  });
}

/** Staff upload an image for the content (a logo, a background); the answer is its public address. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireAccess(request, context, "staff");
  // A body larger than the limit is refused before it is read.
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (!Number.isFinite(declared)) return Response.json({ error: uploadMessages.failed }, { status: 411 });
  if (declared > imageUploadLimits.maxBytes + envelopeBytes) return Response.json({ error: uploadMessages.tooLarge }, { status: 413 });

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return Response.json({ error: uploadMessages.failed }, { status: 400 });
  }
  const folder = String(form.get("folder") ?? "");
  const file = form.get("file");
  if (!isMediaFolder(folder) || !(file instanceof File)) return Response.json({ error: uploadMessages.notImage }, { status: 400 });
  try {
    const stored = await storeImage(context.storage, Buffer.from(await file.arrayBuffer()), folder);
    if ("error" in stored) return Response.json(stored, { status: 422 });
    context.logger.info({ by: member.id, url: stored.url }, "Image uploaded");
    return Response.json(stored);
  } catch (error) {
    context.logger.error({ err: error }, "Image upload failed");
    return Response.json({ error: uploadMessages.failed }, { status: 500 });
  }
}
