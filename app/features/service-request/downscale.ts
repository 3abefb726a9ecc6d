/** Phone photos above these go up as a smaller JPEG or PNG: seconds on 4G instead of minutes. */
export const downscaleLimits = { longSide: 2560, bytes: 3 * 1024 * 1024 } as const;
/** Photos are not made smaller than this to fit the byte limit: staff still need to see the damage. */
export const smallestLongSide = 1024;
const jpegQuality = 0.85;

export interface Dimensions {
  width: number;
  height: number;
}

const longSideOf = ({ width, height }: Dimensions) => Math.max(width, height);

function withLongSide(photo: Dimensions, longSide: number): Dimensions {
  const scale = longSide / longSideOf(photo);
  return { width: Math.max(1, Math.round(photo.width * scale)), height: Math.max(1, Math.round(photo.height * scale)) };
}

export function needsDownscale(photo: Dimensions, bytes: number): boolean {
  return longSideOf(photo) > downscaleLimits.longSide || bytes > downscaleLimits.bytes;
}

/** The first size to encode at: the photo's own, fitted within the long-side limit. */
export function firstAttempt(photo: Dimensions): Dimensions {
  return longSideOf(photo) > downscaleLimits.longSide ? withLongSide(photo, downscaleLimits.longSide) : photo;
}

/**
 * The next, smaller size after an encoding that came out over the byte limit, or null once at the
 * smallest. Encoded bytes follow the pixel count, so the sides shrink by the square root of what
 * is over, with a margin; at least 10 % a step, so it ends, and at most half, so it does not overshoot.
 */
export function nextAttempt(previous: Dimensions, encodedBytes: number): Dimensions | null {
  const wanted = Math.sqrt(downscaleLimits.bytes / encodedBytes) * 0.95;
  const scale = Math.min(0.9, Math.max(0.5, wanted));
  const longSide = Math.max(smallestLongSide, Math.round(longSideOf(previous) * scale));
  return longSide < longSideOf(previous) ? withLongSide(previous, longSide) : null;
}

/**
 * Encodes the photo at the first size, then at smaller ones until it fits the byte limit or is at
 * the smallest. Answers the smallest encoding, or null when none came out smaller than the original
 * (or encoding failed at once): the original then goes up as it is.
 */
export async function shrinkToFit<Encoded extends { size: number }>(
  photo: Dimensions,
  originalBytes: number,
  encode: (size: Dimensions) => Promise<Encoded | null>,
): Promise<Encoded | null> {
  let smallest: Encoded | null = null;
  let attempt: Dimensions | null = firstAttempt(photo);
  while (attempt) {
    const encoded = await encode(attempt);
    if (!encoded) break;
    if (encoded.size < (smallest?.size ?? originalBytes)) smallest = encoded;
    if (encoded.size <= downscaleLimits.bytes) break;
    attempt = nextAttempt(attempt, encoded.size);
  }
  return smallest;
}

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
    if (!needsDownscale(bitmap, file.size)) return file;
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d");
    if (!context) return file;
    const type = kind === "jpeg" ? "image/jpeg" : "image/png";
    const smaller = await shrinkToFit(bitmap, file.size, ({ width, height }) => {
      canvas.width = width;
      canvas.height = height;
      context.drawImage(bitmap, 0, 0, width, height);
      return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, jpegQuality));
    });
    return smaller ? new File([smaller], file.name, { type, lastModified: file.lastModified }) : file;
  } finally {
    bitmap.close();
  }
}
