import { fileTypeFromBuffer } from "file-type";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { HeicPreviewMaker } from "#server/heic-previews.ts";
import { createFolderStorage } from "#server/storage.ts";
import { testContext } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { pdfBytes } from "#tests/support/files.ts";
import { gridHeic, randomBytesHeic } from "#tests/support/heic.ts";
import { storeRequest } from "#tests/support/requests.ts";
import { createTestAuth, requestAs, signedInAccount } from "#tests/support/staff.ts";
import { serviceRequestPhotos } from "#server/db/schema.ts";
import { loader } from "./request-file.ts";
import { loader as requestPageLoader } from "./request.tsx";

describe.each(testBackends)("a request's files on $name", (backend) => {
  let database: TestDatabase;
  let uploads: string;
  let context: AppLoadContext;
  let cookie: string;

  beforeEach(async () => {
    database = await backend.open();
    uploads = mkdtempSync(path.join(tmpdir(), "files-test-"));
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, { storage: createFolderStorage(uploads), clientId: "files-test" });
    ({ cookie } = await signedInAccount(database.db, auth, "editor"));
  });
  afterEach(async () => {
    await database.dispose();
    rmSync(uploads, { recursive: true, force: true });
  });

  const fetchFile = async (id: string, fileId: string, query = "") => {
    const request = requestAs(cookie, `/admin/requests/${id}/files/${fileId}${query}`);
    return loader({ request, context, params: { id, fileId }, url: new URL(request.url), pattern: "" }).catch(
      (error: unknown) => error as Response,
    );
  };

  it("serves photos inline and other files as downloads, never cached, and a thumbnail on request", async () => {
    // A phone photo with its location in the EXIF GPS block.
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#884422" } })
      .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 57/1 0/1" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif?.toString("latin1")).toContain("PhoneMaker");
    const { id } = await storeRequest(database.db, context.storage, {
      photos: [
        { bytes: jpeg, contentType: "image/jpeg", name: "Küche 1.jpg" },
        { bytes: pdfBytes, contentType: "application/pdf", name: "estimate.pdf" },
      ],
    });
    const [photo, pdf] = await database.db.select().from(serviceRequestPhotos).orderBy(serviceRequestPhotos.position);
    if (!photo || !pdf) throw new Error("files missing");

    const full = await fetchFile(id, photo.id);
    expect(full.status).toBe(200);
    expect(Object.fromEntries(full.headers)).toMatchObject({
      "content-type": "image/jpeg",
      "cache-control": "private, no-store",
      "content-disposition": `inline; filename="K_che 1.jpg"; filename*=UTF-8''K%C3%BCche%201.jpg`,
    });
    // Our own copy, the same picture without the metadata: no location leaves with it.
    const fullMetadata = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect(fullMetadata).toMatchObject({ format: "jpeg", width: 1200, height: 900 });
    expect(fullMetadata.exif).toBeUndefined();

    const thumbnail = await fetchFile(id, photo.id, "?size=thumbnail");
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
    const thumbnailMetadata = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(thumbnailMetadata.width).toBe(480);
    expect(thumbnailMetadata.exif).toBeUndefined();

    const download = await fetchFile(id, pdf.id, "?size=thumbnail");
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="estimate.pdf"/);
  });

  /** The context's HEIC preview maker, counting the photos it is given. */
  function countDecodes(): { decodes: () => number; heicPreviews: HeicPreviewMaker } {
    const heicPreviews = context.heicPreviews;
    let decodes = 0;
    return { decodes: () => decodes, heicPreviews: { make: (bytes) => (decodes++, heicPreviews.make(bytes)), close: () => heicPreviews.close() } };
  }

  it("makes a thumbnail and a JPEG copy of a HEIC photo, which sharp alone cannot read, from one decode", async () => {
    // 64 × 48, red, encoded with libheif's heif-enc (HEVC), as an iPhone writes them.
    const heic = readFileSync(path.resolve("tests/fixtures/photo.heic"));
    await expect(sharp(heic).png().toBuffer()).rejects.toThrow();
    const { id } = await storeRequest(database.db, context.storage, { photos: [{ bytes: heic, contentType: "image/heic", name: "IMG_0001.HEIC" }] });
    const [photo] = await database.db.select().from(serviceRequestPhotos);
    if (!photo) throw new Error("photo missing");
    const { decodes, heicPreviews } = countDecodes();
    context = { ...context, heicPreviews };

    // The page asks for the thumbnail while staff open the photo.
    const [thumbnail, copy] = await Promise.all([fetchFile(id, photo.id, "?size=thumbnail"), fetchFile(id, photo.id)]);
    expect(decodes()).toBe(1);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
    const pixels = sharp(Buffer.from(await thumbnail.arrayBuffer()));
    expect(await pixels.metadata()).toMatchObject({ format: "webp", width: 64, height: 48 });
    const { dominant } = await pixels.stats();
    expect(dominant.r).toBeGreaterThan(150);
    expect(dominant.g).toBeLessThan(100);

    expect(copy.headers.get("content-type")).toBe("image/jpeg");
    expect(copy.headers.get("content-disposition")).toMatch(/^inline; filename="IMG_0001.jpg"/);
    expect(await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).toMatchObject({ format: "jpeg", width: 64, height: 48 });
    expect((await fetchFile(id, photo.id, "?size=thumbnail")).status).toBe(200);
    expect(decodes()).toBe(1);
  });

  it("treats a HEIC photo that file-type names image/heif (major brand mif1) like any HEIC photo", async () => {
    // A red 64 × 48 from heif-enc, made from a JPEG whose EXIF (Make "PhoneMaker" and a GPS
    // position) it keeps as an Exif item; the ftyp major brand then rewritten from `heic` to `mif1`.
    const heif = readFileSync(path.resolve("tests/fixtures/photo-mif1.heic"));
    expect((await fileTypeFromBuffer(heif))?.mime).toBe("image/heif");
    expect(heif.toString("latin1")).toContain("PhoneMaker");
    const { id } = await storeRequest(database.db, context.storage, { photos: [{ bytes: heif, contentType: "image/heif", name: "IMG_0002.HEIC" }] });
    const [photo] = await database.db.select().from(serviceRequestPhotos);
    if (!photo) throw new Error("photo missing");

    const thumbnail = await fetchFile(id, photo.id, "?size=thumbnail");
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
    const thumbnailBytes = Buffer.from(await thumbnail.arrayBuffer());
    const thumbnailMetadata = await sharp(thumbnailBytes).metadata();
    expect(thumbnailMetadata).toMatchObject({ format: "webp", width: 64, height: 48 });
    expect(thumbnailMetadata.exif).toBeUndefined();
    expect(thumbnailBytes.toString("latin1")).not.toContain("PhoneMaker");

    const copy = await fetchFile(id, photo.id);
    expect(copy.headers.get("content-type")).toBe("image/jpeg");
    expect(copy.headers.get("content-disposition")).toMatch(/^inline; filename="IMG_0002.jpg"/);
    const copyBytes = Buffer.from(await copy.arrayBuffer());
    const copyMetadata = await sharp(copyBytes).metadata();
    expect(copyMetadata).toMatchObject({ format: "jpeg", width: 64, height: 48 });
    expect(copyMetadata.exif).toBeUndefined();
    expect(copyBytes.toString("latin1")).not.toContain("PhoneMaker");
  });

  it("decodes a broken HEIC once: each of 50 views answers 'Preview not available' without decoding again, memory staying put, and the link downloads the original", async () => {
    // A valid `ftyp heic` header, then random bytes: libheif leaked about 9 MB on each failed try.
    const broken = randomBytesHeic(9_500_000);
    const { decodes, heicPreviews } = countDecodes();
    context = { ...context, heicPreviews };
    const { id } = await storeRequest(database.db, context.storage, { photos: [{ bytes: broken, contentType: "image/heic", name: "IMG_0003.HEIC" }] });
    const [photo] = await database.db.select().from(serviceRequestPhotos);
    if (!photo) throw new Error("photo missing");

    // The page asks for the thumbnail on every view.
    const residentBefore = process.memoryUsage().rss;
    for (let view = 0; view < 50; view++) {
      const thumbnail = await fetchFile(id, photo.id, "?size=thumbnail");
      expect(thumbnail.status).toBe(200);
      expect(thumbnail.headers.get("content-type")).toBe("image/svg+xml");
      expect(await thumbnail.text()).toContain("Preview not available — download the original");
    }
    const residentGrowth = process.memoryUsage().rss - residentBefore;

    // Its link downloads the original, as it was sent.
    const original = await fetchFile(id, photo.id);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/heic");
    expect(original.headers.get("content-disposition")).toMatch(/^attachment; filename="IMG_0003.HEIC"/);
    expect(Buffer.from(await original.arrayBuffer()).equals(broken)).toBe(true);

    expect(decodes()).toBe(1);
    // Decoding it on every view kept about 9 MB each: 450 MB over these views.
    expect(residentGrowth).toBeLessThan(80 * 1024 * 1024);
    const [marked] = await database.db.select().from(serviceRequestPhotos);
    expect(marked?.previewFailedAt).toBeInstanceOf(Date);
    expect(marked?.previewError).toMatch(/Invalid input/);

    const page = await requestPageLoader({ request: requestAs(cookie, `/admin/requests/${id}`), context, params: { id }, url: new URL(`http://localhost/admin/requests/${id}`), pattern: "" });
    expect(page.photos).toEqual([expect.objectContaining({ name: "IMG_0003.HEIC", thumbnail: false, previewUnavailable: "Preview not available — download the original" })]);
  });

  it("answers 'Preview not available' within seconds for a crafted 12288 × 12288 HEIC stored before intake checked sizes", async () => {
    const { id } = await storeRequest(database.db, context.storage, { photos: [{ bytes: gridHeic({ columns: 24, rows: 24 }), contentType: "image/heic", name: "tiles.heic" }] });
    const [photo] = await database.db.select().from(serviceRequestPhotos);
    if (!photo) throw new Error("photo missing");
    const started = performance.now();
    const thumbnail = await fetchFile(id, photo.id, "?size=thumbnail");
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await thumbnail.text()).toContain("Preview not available — download the original");
    const [marked] = await database.db.select().from(serviceRequestPhotos);
    expect(marked?.previewError).toBe("The photo is 12288 × 12288 pixels, over the limit of 50000000");
  });

  it("answers 404 for a file of another request or an unknown id", async () => {
    const { id } = await storeRequest(database.db, context.storage, { photos: [{ bytes: pdfBytes, contentType: "application/pdf" }] });
    const other = await storeRequest(database.db, context.storage);
    const [file] = await database.db.select().from(serviceRequestPhotos);
    expect((await fetchFile(other.id, file?.id ?? "")).status).toBe(404);
    expect((await fetchFile(id, "../../etc/passwd")).status).toBe(404);
    expect((await fetchFile(id, "-".repeat(36))).status).toBe(404);
    expect((await fetchFile("not-a-uuid", file?.id ?? "")).status).toBe(404);
  });
});
