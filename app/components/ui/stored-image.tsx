import type { ImgHTMLAttributes } from "react";
import { mediaSrcSet } from "#app/features/content/media.ts";

type StoredImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "alt"> & {
  src: string | null | undefined;
  alt: string;
};

/**
 * An image stored on this site, offered in every width kept of an upload. An outside address
 * renders nothing: the public pages' policy allows images from this site only.
 */
export function StoredImage({ src, alt, ...image }: StoredImageProps) {
  if (!src?.startsWith("/")) return null;
  return <img src={src} srcSet={mediaSrcSet(src)} alt={alt} {...image} />;
}
