/**
 * Uploaded images are public content, served at `/media/<folder>/<id>-<width>.<format>`. Every upload
 * is stored at each width of its folder, in each of its formats; the address kept in the content
 * names the middle width's WebP. Photos (`photos`, `hero`) are also kept in AVIF, the smaller file
 * browsers take first; `photos` are cut to one shape (4:3), so a page knows their size before they load.
 */
export const mediaFolders = {
  logos: { widths: [160, 320, 640], main: 320, formats: ["webp"], aspect: null },
  backgrounds: { widths: [640, 1280, 1920], main: 1280, formats: ["webp"], aspect: null },
  hero: { widths: [640, 960, 1280, 1920], main: 1280, formats: ["avif", "webp"], aspect: null },
  photos: { widths: [480, 960, 1440], main: 960, formats: ["avif", "webp"], aspect: { width: 4, height: 3 } },
} as const satisfies Record<
  string,
  { widths: readonly number[]; main: number; formats: readonly MediaFormat[]; aspect: { width: number; height: number } | null }
>;
export type MediaFolder = keyof typeof mediaFolders;
export type MediaFormat = "avif" | "webp";

export const mediaTypes: Record<MediaFormat, string> = { avif: "image/avif", webp: "image/webp" };

export function isMediaFolder(value: string): value is MediaFolder {
  return Object.hasOwn(mediaFolders, value);
}

const mediaPath = /^\/media\/(logos|backgrounds|hero|photos)\/([0-9a-f-]{36})-(\d+)\.(webp|avif)$/;

export function mediaUrl(folder: MediaFolder, id: string, width: number, format: MediaFormat = "webp"): string {
  return `/media/${folder}/${id}-${width}.${format}`;
}

/** Where one file of an upload is stored: WebP files keep the key they had before AVIF was added. */
export function mediaKey(folder: MediaFolder, id: string, width: number, format: MediaFormat): string {
  return `media/${folder}/${id}-${width}${format === "webp" ? "" : `-${format}`}`;
}

function parseMediaUrl(url: string) {
  const match = mediaPath.exec(url);
  if (!match?.[1] || !match[2] || !isMediaFolder(match[1])) return null;
  const folder = match[1];
  const width = Number(match[3]);
  const format = match[4] as MediaFormat;
  const spec: { widths: readonly number[]; formats: readonly MediaFormat[] } = mediaFolders[folder];
  if (!spec.widths.includes(width) || !spec.formats.includes(format)) return null;
  return { folder, id: match[2], width, format };
}

/** The storage key and type behind a media file name, or null when the name is not one of ours. */
export function mediaStorageKey(folder: string, name: string): { key: string; type: string } | null {
  const parsed = parseMediaUrl(`/media/${folder}/${name}`);
  if (!parsed) return null;
  return { key: mediaKey(parsed.folder, parsed.id, parsed.width, parsed.format), type: mediaTypes[parsed.format] };
}

/** A `srcset` listing every width of an uploaded image in one format; undefined for any other address. */
export function mediaSrcSet(url: string, format: MediaFormat = "webp"): string | undefined {
  const parsed = parseMediaUrl(url);
  if (!parsed) return undefined;
  const { widths, formats }: { widths: readonly number[]; formats: readonly MediaFormat[] } = mediaFolders[parsed.folder];
  if (!formats.includes(format)) return undefined;
  return widths.map((width) => `${mediaUrl(parsed.folder, parsed.id, width, format)} ${width}w`).join(", ");
}

/** The shape every upload of the address's folder was cut to, if it has one. */
export function mediaAspect(url: string): { width: number; height: number } | null {
  const parsed = parseMediaUrl(url);
  return parsed ? mediaFolders[parsed.folder].aspect : null;
}

/** A tiny blurred copy of a photo, inlined in the page while the photo loads. */
export const placeholderPattern = /^data:image\/webp;base64,[A-Za-z0-9+/]+={0,2}$/;
export const maxPlaceholderLength = 1200;

export const imageUploadLimits = { maxBytes: 5 * 1024 * 1024 } as const;

/** What the browser lets staff pick; the server decides by the bytes. */
export const acceptedImageTypes = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

/** What the uploader says, word for word (`image-upload.tsx` and the upload route). */
export const uploadMessages = {
  notImage: "Please select an image file",
  tooLarge: "Image must be smaller than 5MB",
  unreadable: "Failed to read the image file",
  failed: "Failed to upload image. Please try again.",
  uploaded: "Image uploaded successfully!",
} as const;
