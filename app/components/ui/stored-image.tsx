import type { ImgHTMLAttributes } from "react";
import { mediaSrcSet } from "#app/features/content/media.ts";

type StoredImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "alt"> & {
  src: string | null | undefined;
  alt: string;
};

/**
 * An image stored on this site, offered in every width kept of an upload. An outside address
 * renders nothing: the public pages' policy allows images from this site only. `sizes` goes with
 * a `srcset` only: a single file (our own SVG badges) has none, and HTML forbids one without it.
 */
export function StoredImage({ src, alt, sizes, ...image }: StoredImageProps) {
  if (!src?.startsWith("/")) return null;
  const srcSet = mediaSrcSet(src);
  return <img src={src} srcSet={srcSet} sizes={srcSet ? sizes : undefined} alt={alt} {...image} />;
}
