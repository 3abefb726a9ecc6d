import { fileTypeFromBuffer } from "file-type";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mediaRoute from "#app/routes/media.ts";
import * as uploadsRoute from "#app/routes/admin/uploads.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { createFolderStorage, type ObjectStorage } from "#server/storage.ts";
import { testContext } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { createTestAuth, requestAs, signedInAccount } from "#tests/support/staff.ts";
import { storeImage } from "./images.server.ts";
import { mediaSrcSet, mediaStorageKey, uploadMessages } from "#app/domain/media.ts";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: "#0b2545" } })
    .png()
    .toBuffer();

const scriptedSvg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><script>alert(document.cookie)</script><rect width="100" height="40"/></svg>',
);

/** A real PNG made larger than 5 MB: noise does not compress. */
async function pngOver5MB(): Promise<Buffer> {
  const side = 1400;
  const noise = Buffer.alloc(side * side * 3);
  for (let index = 0; index < noise.length; index++) noise[index] = (index * 2654435761) >>> 24;
  const image = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(image.length).toBeGreaterThan(5 * 1024 * 1024);
  return image;
}

describe("storing an uploaded image", () => {
  let folder: string;
  let storage: ObjectStorage;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), "images-test-"));
    storage = createFolderStorage(folder);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const stored = () => readdirSync(path.join(folder, "media", "logos"), { withFileTypes: true }).map((entry) => entry.name);

  it("turns a valid PNG into WebP at each logo width, named by a new id", async () => {
    const result = await storeImage(storage, await png(1000, 400), "logos");
    if (!("url" in result)) throw new Error(result.error);
    expect(result.url).toMatch(/^\/media\/logos\/[0-9a-f-]{36}-320\.webp$/);
    const id = /logos\/([0-9a-f-]{36})-/.exec(result.url)?.[1] ?? "";
    for (const width of [160, 320, 640]) {
      const bytes = await buffer(storage.get(`media/logos/${id}-${width}`));
      expect((await fileTypeFromBuffer(bytes))?.mime).toBe("image/webp");
      expect((await sharp(bytes).metadata()).width).toBe(width);
    }
    expect(mediaSrcSet(result.url)).toBe([160, 320, 640].map((width) => `/media/logos/${id}-${width}.webp ${width}w`).join(", "));
  });

  it("keeps a photo in AVIF and WebP at each width, cut to 4:3, upright, with a tiny placeholder and without its location", async () => {
    // A portrait JPEG taken sideways (orientation 6), carrying GPS coordinates and the camera's name.
    const original = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#336699" } })
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: { IFD0: { Make: "PhoneMaker", Model: "Secret Phone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 57/1 0/1" } },
      })
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const result = await storeImage(storage, original, "photos");
    if (!("url" in result)) throw new Error(result.error);
    expect(result.url).toMatch(/^\/media\/photos\/[0-9a-f-]{36}-960\.webp$/);
    expect(result.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(result.placeholder.length).toBeLessThan(600);
    const id = /photos\/([0-9a-f-]{36})-/.exec(result.url)?.[1] ?? "";
    for (const width of [480, 960, 1440]) {
      for (const [key, type] of [
        [`media/photos/${id}-${width}`, "image/webp"],
        [`media/photos/${id}-${width}-avif`, "image/avif"],
      ] as const) {
        const bytes = await buffer(storage.get(key));
        expect((await fileTypeFromBuffer(bytes))?.mime, key).toBe(type);
        const metadata = await sharp(bytes).metadata();
        expect([metadata.width, metadata.height], key).toEqual([width, (width * 3) / 4]);
        expect(metadata.exif, key).toBeUndefined();
        expect(bytes.includes(Buffer.from("Secret Phone")), key).toBe(false);
      }
    }
    expect(mediaSrcSet(result.url, "avif")).toBe([480, 960, 1440].map((width) => `/media/photos/${id}-${width}.avif ${width}w`).join(", "));
  });

  it("keeps the hero's photo, shown dimmed behind the headline, softly blurred and at a lower quality than other photos", async () => {
    // Detail that compresses poorly, as a real photo's does: the encoder's quality decides the size.
    const side = 1200;
    const detail = Buffer.alloc(side * side * 3);
    for (let index = 0; index < detail.length; index++) detail[index] = ((index % (side * 3)) ^ Math.floor(index / (side * 3))) & 0xff;
    const original = await sharp(detail, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const stored = async (folder: "hero" | "backgrounds", key: (id: string) => string) => {
      const result = await storeImage(storage, original, folder);
      if (!("url" in result)) throw new Error(result.error);
      const id = new RegExp(`${folder}/([0-9a-f-]{36})-`).exec(result.url)?.[1] ?? "";
      const bytes = await buffer(storage.get(key(id)));
      return { size: bytes.length, sharpness: (await sharp(bytes).stats()).sharpness };
    };
    const hero = await stored("hero", (id) => `media/hero/${id}-640`);
    const background = await stored("backgrounds", (id) => `media/backgrounds/${id}-640`);
    // The same pixels at the same width: the hero's lose their fine detail, and most of their bytes.
    expect(hero.sharpness).toBeLessThan(background.sharpness / 2);
    expect(hero.size).toBeLessThan(background.size / 2);
  });

  it("never enlarges a small logo", async () => {
    const result = await storeImage(storage, await png(200, 80), "logos");
    if (!("url" in result)) throw new Error(result.error);
    const id = /logos\/([0-9a-f-]{36})-/.exec(result.url)?.[1] ?? "";
    expect((await sharp(await buffer(storage.get(`media/logos/${id}-640`))).metadata()).width).toBe(200);
  });

  it.each([
    ["a text file named .png", Buffer.from("This is not a picture, whatever its name says.\n"), uploadMessages.notImage],
    ["an SVG with a script", scriptedSvg, uploadMessages.notImage],
    [
      "a PNG header over garbage",
      Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(400, 7)]),
      uploadMessages.unreadable,
    ],
  ])("refuses %s and stores nothing", async (_name, bytes, message) => {
    const before = stored();
    expect(await storeImage(storage, bytes, "logos")).toEqual({ error: message });
    expect(stored()).toEqual(before);
  });

  it("refuses an image over 5 MB", async () => {
    expect(await storeImage(storage, await pngOver5MB(), "logos")).toEqual({ error: "Image must be smaller than 5MB" });
  });

  it("names files only by our own pattern", () => {
    expect(mediaStorageKey("logos", "0b8c2a4e-0000-4000-8000-000000000000-320.webp")).toEqual({
      key: "media/logos/0b8c2a4e-0000-4000-8000-000000000000-320",
      type: "image/webp",
    });
    expect(mediaStorageKey("photos", "0b8c2a4e-0000-4000-8000-000000000000-960.avif")).toEqual({
      key: "media/photos/0b8c2a4e-0000-4000-8000-000000000000-960-avif",
      type: "image/avif",
    });
    for (const [folderName, name] of [
      ["logos", "0b8c2a4e-0000-4000-8000-000000000000-999.webp"],
      ["logos", "../../db/0b8c2a4e-0000-4000-8000-000000000000-320.webp"],
      ["requests", "0b8c2a4e-0000-4000-8000-000000000000-320.webp"],
      ["logos", "0b8c2a4e-0000-4000-8000-000000000000-320.svg"],
      ["logos", "0b8c2a4e-0000-4000-8000-000000000000-320.avif"],
    ] as const) {
      expect(mediaStorageKey(folderName, name), `${folderName}/${name}`).toBeNull();
    }
  });
});

describe.each(testBackends)("the upload route on $name", (backend) => {
  let database: TestDatabase;
  let folder: string;
  let context: AppLoadContext;
  let cookie: string;

  beforeAll(async () => {
    database = await backend.open();
    await seedDefaults(database.db);
    folder = mkdtempSync(path.join(tmpdir(), "uploads-route-test-"));
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, { storage: createFolderStorage(folder), clientId: "uploads" });
    ({ cookie } = await signedInAccount(database.db, auth, "editor"));
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  async function upload(bytes: Buffer, name: string, type: string, who: string | null = cookie) {
    const body = new FormData();
    body.set("folder", "logos");
    body.set("file", new File([new Uint8Array(bytes)], name, { type }));
    const encoded = new Request("https://www.example.com/", { method: "POST", body });
    const raw = Buffer.from(await encoded.arrayBuffer());
    const request = requestAs(who, "/admin/uploads", {
      method: "POST",
      body: raw,
      headers: { "Content-Type": encoded.headers.get("Content-Type") ?? "", "Content-Length": String(raw.length) },
    });
    try {
      return await uploadsRoute.action({ request, context, params: {} } as never);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  it("answers a valid PNG with the address of its WebP, served publicly and kept for good", async () => {
    const response = await upload(await png(900, 300), "logo.png", "image/png");
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const [, , folderName, name] = url.split("/");
    const served = await mediaRoute.loader({ params: { folder: folderName ?? "", name: name ?? "" }, context } as never);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect((await fileTypeFromBuffer(Buffer.from(await served.arrayBuffer())))?.mime).toBe("image/webp");
  });

  it.each([
    ["a text file named .png", () => Promise.resolve(Buffer.from("just text")), "notes.png", "image/png", 422, uploadMessages.notImage],
    ["an SVG with a script", () => Promise.resolve(scriptedSvg), "logo.svg", "image/svg+xml", 422, uploadMessages.notImage],
    ["a 6 MB image", pngOver5MB, "big.png", "image/png", 413, uploadMessages.tooLarge],
  ])("refuses %s with the spec's message", async (_name, bytes, fileName, type, status, message) => {
    const response = await upload(await bytes(), fileName, type);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: message });
  });

  it("sends a visitor to sign in and stores nothing", async () => {
    const response = await upload(await png(100, 40), "logo.png", "image/png", null);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
  });

  it("answers 404 for a media file that does not exist", async () => {
    const missing = await (async () => {
      try {
        return await mediaRoute.loader({
          params: { folder: "logos", name: "0b8c2a4e-0000-4000-8000-000000000000-320.webp" },
          context,
        } as never);
      } catch (thrown) {
        return thrown as Response;
      }
    })();
    expect(missing.status).toBe(404);
  });
});
