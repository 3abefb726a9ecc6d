/** The part of libheif-js (libheif compiled to WebAssembly, with its embind API) the HEIC worker uses. */
declare module "libheif-js/wasm-bundle.js" {
  interface EnumValue {
    value: number;
  }
  interface HeifError {
    code: EnumValue;
    message: string;
  }
  interface HeifContext {
    /** embind keeps the C pointer here: the one way to reach libheif functions it does not wrap. */
    $$: { ptr: number };
  }
  type HeifImageHandle = object;
  /** The channels' `data` views WebAssembly memory: copy it out before releasing `image`. */
  interface DecodedImage {
    image: object;
    channels: { id: EnumValue; width: number; height: number; stride: number; data: Uint8Array }[];
  }

  const libheif: {
    heif_colorspace: { heif_colorspace_RGB: EnumValue };
    heif_chroma: { heif_chroma_interleaved_RGB: EnumValue };
    heif_channel: { heif_channel_interleaved: EnumValue };
    heif_context_alloc(): HeifContext;
    heif_context_free(context: HeifContext): void;
    heif_context_read_from_memory(context: HeifContext, bytes: Uint8Array): HeifError;
    /** Takes the raw pointer; refuses to decode any image over `maximumWidth²` pixels. */
    heif_context_set_maximum_image_size_limit(contextPointer: number, maximumWidth: number): void;
    heif_js_context_get_primary_image_handle(context: HeifContext): HeifImageHandle | HeifError;
    heif_image_handle_get_width(handle: HeifImageHandle): number;
    heif_image_handle_get_height(handle: HeifImageHandle): number;
    heif_image_handle_release(handle: HeifImageHandle): void;
    heif_js_decode_image2(handle: HeifImageHandle, colorspace: EnumValue, chroma: EnumValue): DecodedImage | HeifError;
    heif_image_release(image: object): void;
  };
  export default libheif;
}
