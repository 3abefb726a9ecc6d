/** Tiny real files, so byte sniffing sees what a phone would send. */
export const pngBytes = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

export const jpegBytes = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);

export const pdfBytes = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

/** A Windows executable's first bytes. */
export const exeBytes = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90)]);

export const htmlBytes = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");

/** A JPEG of exactly `size` bytes: the real header, then filler. */
export function jpegOfSize(size: number): Buffer {
  return Buffer.concat([jpegBytes, Buffer.alloc(Math.max(0, size - jpegBytes.length), 0x5a)]);
}

/** The tiny JPEG with its frame header rewritten to say `width` × `height`: all a header-only check sees. */
export function jpegDeclaring(width: number, height: number): Buffer {
  const bytes = Buffer.from(jpegBytes);
  const frame = bytes.indexOf(Buffer.from([0xff, 0xc2]));
  bytes.writeUInt16BE(height, frame + 5);
  bytes.writeUInt16BE(width, frame + 7);
  return bytes;
}
