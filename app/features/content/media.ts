/**
 * Uploaded images are public content, served at `/media/<folder>/<id>-<width>.webp`. Every upload is
 * stored at each width of its folder; the address kept in the content names the middle one.
 */
export const mediaFolders = {
  logos: { widths: [160, 320, 640], main: 320 },
  backgrounds: { widths: [640, 1280, 1920], main: 1280 },
} as const;
export type MediaFolder = keyof typeof mediaFolders;

export function isMediaFolder(value: string): value is MediaFolder {
  return Object.hasOwn(mediaFolders, value);
}

const mediaPath = /^\/media\/(logos|backgrounds)\/([0-9a-f-]{36})-(\d+)\.webp$/;

export function mediaUrl(folder: MediaFolder, id: string, width: number): string {
  return `/media/${folder}/${id}-${width}.webp`;
}

/** The storage key behind a media file name, or null when the name is not one of ours. */
export function mediaStorageKey(folder: string, name: string): string | null {
  const match = mediaPath.exec(`/media/${folder}/${name}`);
  if (!match?.[1] || !isMediaFolder(match[1])) return null;
  const widths: readonly number[] = mediaFolders[match[1]].widths;
  if (!widths.includes(Number(match[3]))) return null;
  return `media/${match[1]}/${match[2]}-${match[3]}`;
}

/** A `srcset` listing every width of an uploaded image; undefined for any other address. */
export function mediaSrcSet(url: string): string | undefined {
  const match = mediaPath.exec(url);
  if (!match?.[1] || !isMediaFolder(match[1])) return undefined;
  const folder = match[1];
  const id = match[2] ?? "";
  return mediaFolders[folder].widths.map((width) => `${mediaUrl(folder, id, width)} ${width}w`).join(", ");
}

export const imageUploadLimits = { maxBytes: 5 * 1024 * 1024 } as const;

/** What the browser lets staff pick; the server decides by the bytes. */
export const acceptedImageTypes = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

/** Spec §5 and §8, word for word. */
export const uploadMessages = {
  notImage: "Please select an image file",
  tooLarge: "Image must be smaller than 5MB",
  unreadable: "Failed to read the image file",
  failed: "Failed to upload image. Please try again.",
  uploaded: "Image uploaded successfully!",
} as const;
