import type { CSSProperties, ImgHTMLAttributes } from "react";
import { preload } from "react-dom";
import { mediaSrcSet } from "#app/domain/media.ts";

type StoredImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "alt"> & {
  src: string | null | undefined;
  alt: string;
  /** A tiny blurred copy (a data address) painted behind the image until it has loaded. */
  placeholder?: string;
};

/**
 * An image stored on this site, offered in every width kept of an upload, in AVIF first where the
 * upload has it. `sizes` goes only where there is a `srcset` to choose from. An outside address
 * renders nothing: the public pages' policy allows images from this site only.
 */
export function StoredImage({ src, alt, placeholder, sizes, style, ...image }: StoredImageProps) {
  if (!src?.startsWith("/")) return null;
  const webp = mediaSrcSet(src);
  const avif = mediaSrcSet(src, "avif");
  const backdrop: CSSProperties | undefined = placeholder?.startsWith("data:image/")
    ? { backgroundImage: `url(${placeholder})`, backgroundSize: "cover", backgroundPosition: "center", ...style }
    : style;
  // The page's main picture (the hero's) is asked for from the document's head, before the browser
  // reaches the <picture> in the body: React does not preload an image inside <picture> by itself.
  if (image.fetchPriority === "high" && avif) preload(src, { as: "image", imageSrcSet: avif, imageSizes: sizes, type: "image/avif", fetchPriority: "high" });
  const img = <img src={src} srcSet={webp} sizes={webp ? sizes : undefined} alt={alt} style={backdrop} {...image} />;
  if (!avif) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      {img}
    </picture>
  );
}
