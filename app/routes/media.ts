import { Readable } from "node:stream";
import { mediaStorageKey } from "#app/domain/media.ts";
import type { Route } from "./+types/media";

/**
 * Uploaded logos, backgrounds and photos: public content, re-encoded (WebP, AVIF) when uploaded. A
 * file's address never changes its bytes (each upload gets a new one), so browsers and CDNs keep it for good.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = mediaStorageKey(params.folder, params.name);
  if (!file || !(await context.storage.exists(file.key))) throw new Response("Not found", { status: 404 });
  return new Response(Readable.toWeb(context.storage.get(file.key)) as ReadableStream, {
    headers: {
      "Content-Type": file.type,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
