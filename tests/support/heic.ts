import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * HEIC files made for tests, as a hostile visitor would make them: one real 512 × 512 HEVC tile
 * (`tests/fixtures/tile-512.heic`, a gradient encoded by libheif's heif-enc) stored once and
 * shown many times as the tiles of a grid. A 24 × 24 grid is a 12288 × 12288 photo, 150
 * megapixels to decode, in about 25 KB.
 */
export const tileSide = 512;

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
}

function fullBox(type: string, version: number, ...payload: Buffer[]): Buffer {
  return box(type, Buffer.from([version, 0, 0, 0]), ...payload);
}

function uint(bytes: 1 | 2 | 4, ...values: number[]): Buffer {
  const buffer = Buffer.alloc(bytes * values.length);
  for (const [index, value] of values.entries()) buffer.writeUIntBE(value, index * bytes, bytes);
  return buffer;
}

/** An item entry; a hidden item (a grid's tile) is not an image of its own. */
function itemInfo(id: number, type: string, hidden: boolean): Buffer {
  return box("infe", Buffer.from([2, 0, 0, hidden ? 1 : 0]), uint(2, id, 0), Buffer.from(type), Buffer.from([0]));
}

/** The child boxes of `data`, by type (the first of each type). */
function childBoxes(data: Buffer): Map<string, Buffer> {
  const children = new Map<string, Buffer>();
  for (let offset = 0; offset + 8 <= data.length; ) {
    const size = data.readUInt32BE(offset);
    const type = data.toString("latin1", offset + 4, offset + 8);
    if (!children.has(type)) children.set(type, data.subarray(offset, offset + size));
    offset += size;
  }
  return children;
}

/** The tile's decoder configuration (`hvcC` box) and its coded picture (all of `mdat`). */
function realTile(): { hvcC: Buffer; coded: Buffer } {
  const file = readFileSync(path.resolve("tests/fixtures/tile-512.heic"));
  const top = childBoxes(file);
  const meta = top.get("meta")?.subarray(12);
  const ipco = meta && childBoxes(childBoxes(meta).get("iprp")?.subarray(8) ?? Buffer.alloc(0)).get("ipco");
  const hvcC = ipco && childBoxes(ipco.subarray(8)).get("hvcC");
  const coded = top.get("mdat")?.subarray(8);
  if (!hvcC || !coded) throw new Error("tests/fixtures/tile-512.heic is not the single-image HEIC these fixtures are made from");
  return { hvcC, coded };
}

/**
 * A HEIC whose primary image is a grid of `columns` × `rows` tiles, all the same coded picture,
 * shown as `width` × `height` (by default the whole grid). `declared` is the size its `ispe` box
 * states for the grid, by default the true one: a lower one makes a header that lies about what
 * decoding costs.
 */
export function gridHeic({
  columns,
  rows,
  width = columns * tileSide,
  height = rows * tileSide,
  declared = { width, height },
}: {
  columns: number;
  rows: number;
  width?: number;
  height?: number;
  declared?: { width: number; height: number };
}): Buffer {
  const { hvcC, coded } = realTile();
  // libheif refuses a grid naming one tile twice, so each tile is an item of its own: all of them
  // point at the same bytes.
  const tileIds = Array.from({ length: columns * rows }, (_, index) => index + 1);
  const gridId = tileIds.length + 1;
  const wide = width > 0xffff || height > 0xffff;
  const gridDescriptor = Buffer.concat([uint(1, 0, wide ? 1 : 0, rows - 1, columns - 1), uint(wide ? 4 : 2, width, height)]);

  const metaWithTileAt = (tileOffset: number) =>
    fullBox(
      "meta",
      0,
      fullBox("hdlr", 0, uint(4, 0), Buffer.from("pict"), uint(4, 0, 0, 0), Buffer.from([0])),
      fullBox("pitm", 0, uint(2, gridId)),
      fullBox("iinf", 0, uint(2, gridId), ...tileIds.map((id) => itemInfo(id, "hvc1", true)), itemInfo(gridId, "grid", false)),
      fullBox("iref", 0, box("dimg", uint(2, gridId, tileIds.length, ...tileIds))),
      box(
        "iprp",
        box("ipco", hvcC, fullBox("ispe", 0, uint(4, tileSide, tileSide)), fullBox("ispe", 0, uint(4, declared.width, declared.height))),
        // Each tile: its decoder configuration (essential) and size; the grid: its size.
        fullBox("ipma", 0, uint(4, gridId), ...tileIds.map((id) => uint(2, id)).map((id) => Buffer.concat([id, uint(1, 2, 0x81, 0x02)])), uint(2, gridId), uint(1, 1, 0x03)),
      ),
      box("idat", gridDescriptor),
      // Version 1, 4-byte offsets and lengths: the tiles in the file (method 0), the grid in idat (method 1).
      fullBox(
        "iloc",
        1,
        uint(1, 0x44, 0x00),
        uint(2, gridId),
        ...tileIds.map((id) => Buffer.concat([uint(2, id, 0, 0, 1), uint(4, tileOffset, coded.length)])),
        uint(2, gridId, 1, 0, 1),
        uint(4, 0, gridDescriptor.length),
      ),
    );

  const ftyp = box("ftyp", Buffer.from("heic"), uint(4, 0), Buffer.from("mif1heicmiaf"));
  const tileOffset = ftyp.length + metaWithTileAt(0).length + 8;
  return Buffer.concat([ftyp, metaWithTileAt(tileOffset), box("mdat", coded)]);
}

/** A file that says it is HEIC (a real `ftyp` box) followed by random bytes. */
export function randomBytesHeic(size: number): Buffer {
  const ftyp = box("ftyp", Buffer.from("heic"), uint(4, 0), Buffer.from("mif1heic"));
  return Buffer.concat([ftyp, randomBytes(size - ftyp.length)]);
}
