/** Phone photos above these go up as a smaller JPEG or PNG: seconds on 4G instead of minutes. */
export const downscaleLimits = { longSide: 2560, bytes: 3 * 1024 * 1024 } as const;
const jpegQuality = 0.85;

function kindOf(file: File): "jpeg" | "png" | null {
  const name = file.name.toLowerCase();
  if (file.type === "image/jpeg" || /\.jpe?g$/.test(name)) return "jpeg";
  if (file.type === "image/png" || name.endsWith(".png")) return "png";
  return null;
}

/**
 * A smaller copy of a large JPEG or PNG, upright (EXIF orientation applied, so no metadata is
 * needed, and none, location included, is carried over); the file itself when it is small
 * enough, is another type, or the browser cannot decode it. The server checks whatever comes.
 */
export async function downscalePhoto(file: File): Promise<File> {
  const kind = kindOf(file);
  if (!kind || typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    const longSide = Math.max(bitmap.width, bitmap.height);
    const tooLarge = longSide > downscaleLimits.longSide;
    // Re-encoding a PNG at the same size rarely makes it smaller: only its dimensions count.
    if (!tooLarge && (kind === "png" || file.size <= downscaleLimits.bytes)) return file;
    const scale = Math.min(1, downscaleLimits.longSide / longSide);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, width, height);
    const type = kind === "jpeg" ? "image/jpeg" : "image/png";
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, jpegQuality));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], file.name, { type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
