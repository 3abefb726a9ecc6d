import { requestLimits } from "./catalogue.ts";

/** The rules for the photos a visitor sends, shared by the dialog, the no-JavaScript page and the server. */

export const allowedFileExtensions = ["jpg", "jpeg", "png", "heic", "pdf"] as const;
export const allowedFileTypes = ["image/jpeg", "image/jpg", "image/png", "image/heic", "application/pdf"] as const;
/** A HEIC photo as `file-type` names it: `image/heif` when the file's major brand is the generic `mif1`. */
export const heifContentTypes: readonly string[] = ["image/heic", "image/heif"];
export function isHeif(contentType: string): boolean {
  return heifContentTypes.includes(contentType);
}
export const fileInputAccept = [...allowedFileExtensions.map((extension) => `.${extension}`), ...allowedFileTypes].join(",");

const forbiddenNameCharacters = /[<>:"|?*]/;
const forbiddenExtensions = /\.(exe|bat|cmd|scr|vbs|js|jar)$/i;

/** The spec's general upload rules for names: no traversal, no reserved characters, no hidden or executable files. */
export function isSafeFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    !name.includes("..") &&
    !forbiddenNameCharacters.test(name) &&
    !name.startsWith(".") &&
    !forbiddenExtensions.test(name) &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f/\\]/.test(name)
  );
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
}

/** Why a chosen file cannot be sent, in the words the visitor sees, or null when it can. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!isSafeFileName(file.name)) return `${file.name}: Invalid file name`;
  if (!(allowedFileExtensions as readonly string[]).includes(extensionOf(file.name))) return `${file.name}: Unsupported file type`;
  if (file.size > requestLimits.maxFileBytes) return `${file.name}: File too large (max 10MB)`;
  return null;
}

/** "512 Bytes", "1.5 KB", "2.34 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  if (bytes < 1024 * 1024) return `${Number((bytes / 1024).toFixed(2))} KB`;
  return `${Number((bytes / (1024 * 1024)).toFixed(2))} MB`;
}
