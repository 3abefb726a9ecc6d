import { and, eq } from "drizzle-orm";
import { Readable } from "node:stream";
import { isUuid } from "#app/features/admin/ids.ts";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import { hasThumbnail, thumbnailOf, viewableCopyOf } from "#app/features/inbox/photos.server.ts";
import { isHeif } from "#app/features/service-request/schema.ts";
import { serviceRequestPhotos } from "#server/db/schema.ts";
import type { Route } from "./+types/request-file";

/** `filename*` keeps any name intact; the plain `filename` is an ASCII stand-in for old clients. */
function disposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A request's photo or file, for staff only, never cached; `?size=thumbnail` for the small WebP.
 * Photos are served as our own re-encoded copy (upright, no location or other metadata, HEIC as
 * JPEG): the visitor's original bytes never leave the server. A PDF is always a download.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAccess(request, context, "staff");
  if (!isUuid(params.id) || !isUuid(params.fileId)) throw new Response("Not found", { status: 404 });
  const [photo] = await context.db
    .select()
    .from(serviceRequestPhotos)
    .where(and(eq(serviceRequestPhotos.id, params.fileId), eq(serviceRequestPhotos.requestId, params.id)));
  if (!photo || !(await context.storage.exists(photo.storageKey))) throw new Response("Not found", { status: 404 });

  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" });
  const thumbnail = new URL(request.url).searchParams.get("size") === "thumbnail" && hasThumbnail(photo.contentType);
  let body: Readable;
  if (thumbnail) {
    body = await thumbnailOf(context.storage, photo);
    headers.set("Content-Type", "image/webp");
    headers.set("Content-Disposition", disposition("inline", `${photo.originalName}.webp`));
  } else if (hasThumbnail(photo.contentType)) {
    const copy = await viewableCopyOf(context.storage, photo);
    body = copy.body;
    headers.set("Content-Type", copy.contentType);
    const name = isHeif(photo.contentType) ? `${photo.originalName.replace(/\.heic$/i, "")}.jpg` : photo.originalName;
    headers.set("Content-Disposition", disposition("inline", name));
  } else {
    body = context.storage.get(photo.storageKey);
    headers.set("Content-Type", photo.contentType);
    headers.set("Content-Length", String(photo.sizeBytes));
    headers.set("Content-Disposition", disposition("attachment", photo.originalName));
  }
  return new Response(Readable.toWeb(body) as ReadableStream, { headers });
}
