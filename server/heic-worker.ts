/**
 * A worker thread of the HEIC preview pool (`heic-previews.ts`): decodes one file at a time with
 * libheif in WebAssembly and encodes its primary image's previews with sharp, here, so the
 * decoded pixels (36 MB for a 12 MP photo) never reach the server's thread, where collecting
 * them paused the event loop. libheif keeps memory it was given even after a failure, and a
 * crafted file can make it work for minutes: the pool ends this thread after any failure or
 * timeout, which takes all of that memory with it.
 */
import libheif from "libheif-js/wasm-bundle.js";
import { parentPort, workerData } from "node:worker_threads";
import sharp from "sharp";
import type { HeicWorkerData, HeicWorkerReply } from "./heic-previews.ts";
import { previewEncoders, type PreviewKind } from "./previews.ts";

const success = 0;

type Decoded = { ok: true; width: number; height: number; pixels: Uint8Array } | { ok: false; error: string };

/** The primary image as RGB, 3 bytes a pixel, upright. */
function decode(bytes: Uint8Array, maxPixels: number): Decoded {
  const context = libheif.heif_context_alloc();
  try {
    const read = libheif.heif_context_read_from_memory(context, bytes);
    if (read.code.value !== success) return { ok: false, error: read.message };
    // The header's size is checked below; this makes libheif refuse what the header does not
    // state, such as a grid whose canvas is larger than its declared size.
    libheif.heif_context_set_maximum_image_size_limit(context.$$.ptr, Math.ceil(Math.sqrt(maxPixels)));
    const handle = libheif.heif_js_context_get_primary_image_handle(context);
    if ("code" in handle) return { ok: false, error: handle.message };
    try {
      const width = libheif.heif_image_handle_get_width(handle);
      const height = libheif.heif_image_handle_get_height(handle);
      if (width * height > maxPixels) return { ok: false, error: `The photo is ${width} × ${height} pixels, over the limit of ${maxPixels}` };
      // libheif applies the file's rotation and mirroring while decoding. No alpha: the previews
      // are a JPEG and a WebP of a photo, and a 12 MP image is 36 MB as RGB against 48 MB as RGBA.
      const decoded = libheif.heif_js_decode_image2(handle, libheif.heif_colorspace.heif_colorspace_RGB, libheif.heif_chroma.heif_chroma_interleaved_RGB);
      if ("code" in decoded) return { ok: false, error: decoded.message };
      try {
        const channel = decoded.channels.find(({ id }) => id.value === libheif.heif_channel.heif_channel_interleaved.value);
        if (!channel) return { ok: false, error: "libheif gave no RGB pixels" };
        const rowBytes = channel.width * 3;
        const pixels = new Uint8Array(rowBytes * channel.height);
        for (let row = 0; row < channel.height; row++) {
          pixels.set(channel.data.subarray(row * channel.stride, row * channel.stride + rowBytes), row * rowBytes);
        }
        return { ok: true, width: channel.width, height: channel.height, pixels };
      } finally {
        libheif.heif_image_release(decoded.image);
      }
    } finally {
      libheif.heif_image_handle_release(handle);
    }
  } finally {
    libheif.heif_context_free(context);
  }
}

/**
 * Both previews of one decode. sharp runs on libuv's pool with the process's settings (the
 * server's `sharp.concurrency(1)` included); ending this thread while it encodes waits for that
 * call to return, which the pixel limit keeps short.
 */
async function makePreviews(bytes: Uint8Array, maxPixels: number): Promise<HeicWorkerReply> {
  const decoded = decode(bytes, maxPixels);
  if (!decoded.ok) return decoded;
  const { width, height, pixels } = decoded;
  const encode = (kind: PreviewKind) => previewEncoders[kind](sharp(pixels, { raw: { width, height, channels: 3 }, limitInputPixels: maxPixels }), "image/heic");
  try {
    const [thumbnail, viewable] = await Promise.all([encode("thumbnail"), encode("viewable")]);
    // Copies of exactly their bytes, so they can be handed over without sharp's buffers.
    return { ok: true, previews: { thumbnail: new Uint8Array(thumbnail), viewable: new Uint8Array(viewable) } };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

const { maxPixels } = workerData as HeicWorkerData;
parentPort?.on("message", async (bytes: Uint8Array) => {
  const reply = await makePreviews(bytes, maxPixels);
  parentPort?.postMessage(reply, reply.ok ? [reply.previews.thumbnail.buffer, reply.previews.viewable.buffer] : []);
});
