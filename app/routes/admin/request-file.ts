import { and, eq } from "drizzle-orm";
import { Readable } from "node:stream";
import { isUuid } from "#app/domain/ids.ts";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import { thumbnailKey, viewableKey } from "#app/features/inbox/inbox.server.ts";
import { hasThumbnail, preparePreview, previewUnavailableMessage, thumbnailWidth, viewableTypeOf } from "#app/features/inbox/photos.server.ts";
import { isHeif } from "#app/features/service-request/files.ts";
import { serviceRequestPhotos } from "#server/db/schema.ts";
import type { Route } from "./+types/request-file";

/** `filename*` keeps any name intact; the plain `filename` is an ASCII stand-in for old clients. */
function disposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Shown instead of a thumbnail that cannot be made. */
const previewUnavailableImage = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${thumbnailWidth}" height="360" viewBox="0 0 ${thumbnailWidth} 360">\
<rect width="100%" height="100%" fill="#f1f5f9"/>\
<text x="50%" y="50%" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif" font-size="18" fill="#0f172a">${previewUnavailableMessage}</text>\
</svg>`);

/**
 * A request's photo or file, for staff only, never cached; `?size=thumbnail` for the small WebP.
 * Photos are served as our own re-encoded copy (upright, no location or other metadata, HEIC as
 * JPEG): the visitor's original bytes never leave the server, except as the download offered for
 * a photo no copy can be made of. A PDF is always a download.
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
  const wantsThumbnail = new URL(request.url).searchParams.get("size") === "thumbnail";
  const preview = hasThumbnail(photo.contentType) ? await preparePreview(context, photo, wantsThumbnail ? "thumbnail" : "viewable") : null;
  if (preview === "busy") {
    throw new Response("Previews are busy. Please try again in a moment.", { status: 503, headers: { "Retry-After": "5", "Cache-Control": "no-store" } });
  }
  let body: Readable;
  if (preview === "ready" && wantsThumbnail) {
    body = context.storage.get(thumbnailKey(photo.id));
    headers.set("Content-Type", "image/webp");
    headers.set("Content-Disposition", disposition("inline", `${photo.originalName}.webp`));
  } else if (preview === "ready") {
    body = context.storage.get(viewableKey(photo.id));
    headers.set("Content-Type", viewableTypeOf(photo.contentType));
    const name = isHeif(photo.contentType) ? `${photo.originalName.replace(/\.heic$/i, "")}.jpg` : photo.originalName;
    headers.set("Content-Disposition", disposition("inline", name));
  } else if (preview === "unavailable" && wantsThumbnail) {
    body = Readable.from([previewUnavailableImage]);
    headers.set("Content-Type", "image/svg+xml");
  } else {
    body = context.storage.get(photo.storageKey);
    headers.set("Content-Type", photo.contentType);
    headers.set("Content-Length", String(photo.sizeBytes));
    headers.set("Content-Disposition", disposition("attachment", photo.originalName));
  }
  return new Response(Readable.toWeb(body) as ReadableStream, { headers });
}
