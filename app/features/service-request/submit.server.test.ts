import { eq, sql } from "drizzle-orm";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultCompany } from "#app/content/company.ts";
import { controlCharacterMessage } from "#app/utils/typed-text.ts";
import { outboxMessages, serviceRequestPhotos, serviceRequests, siteSettings } from "#server/db/schema.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { createLogger } from "#server/logger.ts";
import { createFolderStorage, type ObjectStorage } from "#server/storage.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { exeBytes, htmlBytes, jpegBytes, jpegDeclaring, jpegOfSize, pdfBytes, pngBytes } from "#tests/support/files.ts";
import { gridHeic, randomBytesHeic } from "#tests/support/heic.ts";
import { testFormStartSecret } from "#tests/support/context.ts";
import { issueFormStart } from "./form-start.server.ts";
import { maxBodyBytes } from "./intake.server.ts";
import { requestNotSavedMessage } from "./outage.server.ts";
import { requestLimits, tooManySubmissionsMessage } from "./catalogue.ts";
import { dailyPhotoQuota, photoQuotaMessage, submitServiceRequest, type SubmitDependencies } from "./submit.server.ts";

const startedAt = Date.parse("2026-11-22T10:00:00Z");
const afterFilling = new Date(startedAt + 90_000);

const validFields = {
  problem: "Water damage",
  problemDescription: "Pipe burst in the basement <script>alert(1)</script>",
  firstName: "  <b>Jane</b> ",
  lastName: "Doe",
  phone: "(215) 555-0100",
  email: "Jane.Doe@Example.com",
  address: "12 Oak Lane, Ambler, PA",
  referralSource: "Other",
  referralOther: "Saw your truck",
  additionalComments: "Please call after 5pm.",
  formStart: issueFormStart(testFormStartSecret, new Date(startedAt)),
  website: "",
};

type Upload = { name: string; bytes: Buffer; type?: string };

function multipart(fields: Record<string, string>, uploads: Upload[] = []): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const upload of uploads)
    form.append("photos", new Blob([new Uint8Array(upload.bytes)], { type: upload.type ?? "application/octet-stream" }), upload.name);
  return new Request("http://localhost/api/service-requests", { method: "POST", body: form });
}

/**
 * A multipart body with no declared length that arrives as it is pulled, as a chunked upload
 * does; `pulls()` tells how far the server read.
 */
function streamedMultipart(boundary: string, chunkAt: (index: number) => Buffer | undefined): { request: Request; pulls: () => number } {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunkAt(pulled++);
      if (chunk) controller.enqueue(new Uint8Array(chunk));
      else controller.close();
    },
  });
  const request = new Request("http://localhost/api/service-requests", {
    method: "POST",
    body: stream,
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    duplex: "half",
  } as RequestInit);
  return { request, pulls: () => pulled };
}

/**
 * The dialog's fields, then one photo of `fileMegabytes` MB, as a chunked body that arrives as it
 * is pulled: `pulls()` tells whether the server read it to the end.
 */
function fieldsThenPhoto(fields: Record<string, string>, fileMegabytes: number) {
  const boundary = "----fields-first";
  const chunks = [
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), jpegBytes]),
    ...Array.from({ length: fileMegabytes }, () => Buffer.alloc(1024 * 1024, 0x5a)),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  return { ...streamedMultipart(boundary, (index) => chunks[index]), chunkCount: chunks.length };
}

/** The storage the server writes to, counting what it was asked to store. */
function countingPuts(storage: ObjectStorage): ObjectStorage & { puts: () => number } {
  let puts = 0;
  return {
    ...storage,
    put: (key, body) => {
      puts++;
      return storage.put(key, body);
    },
    puts: () => puts,
  };
}

describe.each(testBackends)("submitting a service request on $name", (backend) => {
  let database: TestDatabase;
  let uploadsDir: string;
  let pokes: number;
  let clock: Date;
  let deps: SubmitDependencies;

  beforeEach(async () => {
    database = await backend.open();
    await seedDefaults(database.db);
    uploadsDir = mkdtempSync(path.join(tmpdir(), "uploads-test-"));
    pokes = 0;
    clock = afterFilling;
    deps = {
      db: database.db,
      storage: createFolderStorage(uploadsDir),
      logger: pino({ level: "silent" }),
      notifyOutbox: () => pokes++,
      webhookEnabled: false,
      publicUrl: "https://www.example.com",
      clientId: randomUUID(),
      formStartSecret: testFormStartSecret,
      now: () => clock,
    };
  });
  afterEach(async () => {
    await database.dispose();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  const storedFiles = () => readdirSync(uploadsDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  async function expectNothingStored() {
    expect(await database.db.select().from(serviceRequests)).toEqual([]);
    expect(await database.db.select().from(serviceRequestPhotos)).toEqual([]);
    expect(await database.db.select().from(outboxMessages)).toEqual([]);
    expect(storedFiles()).toEqual([]);
  }

  it("stores the request as typed (outer space trimmed), its photos and both notifications together", async () => {
    const { status, result } = await submitServiceRequest(
      multipart(validFields, [
        { name: "kitchen.jpg", bytes: jpegBytes, type: "image/jpeg" },
        { name: "Basement Photo.PNG", bytes: pngBytes, type: "image/png" },
        { name: "estimate.pdf", bytes: pdfBytes, type: "application/pdf" },
      ]),
      deps,
    );
    expect(status).toBe(200);
    expect(result.status).toBe("received");
    const requestId = result.status === "received" ? result.requestId : "";

    const [stored] = await database.db.select().from(serviceRequests);
    expect(stored).toMatchObject({
      id: requestId,
      status: "new",
      problem: "Water damage",
      problemDescription: "Pipe burst in the basement <script>alert(1)</script>",
      firstName: "<b>Jane</b>",
      lastName: "Doe",
      phone: "(215) 555-0100",
      email: "jane.doe@example.com",
      address: "12 Oak Lane, Ambler, PA",
      referralSource: "Other",
      referralOther: "Saw your truck",
      additionalComments: "Please call after 5pm.",
      clientHash: deps.clientId,
      spamReason: null,
    });

    const photos = await database.db.select().from(serviceRequestPhotos).orderBy(serviceRequestPhotos.position);
    expect(photos.map(({ originalName, contentType, sizeBytes }) => ({ originalName, contentType, sizeBytes }))).toEqual([
      { originalName: "kitchen.jpg", contentType: "image/jpeg", sizeBytes: jpegBytes.length },
      { originalName: "Basement Photo.PNG", contentType: "image/png", sizeBytes: pngBytes.length },
      { originalName: "estimate.pdf", contentType: "application/pdf", sizeBytes: pdfBytes.length },
    ]);
    for (const [photo, bytes] of photos.map((photo, index) => [photo, [jpegBytes, pngBytes, pdfBytes][index]] as const)) {
      expect(photo.storageKey).not.toContain(photo.originalName);
      const onDisk = readFileSync(path.join(uploadsDir, photo.storageKey));
      expect(onDisk.equals(bytes as Buffer)).toBe(true);
      expect(photo.sha256).toBe(createHash("sha256").update(onDisk).digest("hex"));
    }

    const messages = await database.db.select().from(outboxMessages).where(eq(outboxMessages.requestId, requestId));
    expect(messages.map((message) => (message.payload as { to: string }).to).sort()).toEqual(
      [defaultCompany.officeEmail, "jane.doe@example.com"].sort(),
    );
    expect(messages.every((message) => message.status === "pending")).toBe(true);
    expect(pokes).toBe(1);
  });

  it("reads the settings row once for a request and its messages", async () => {
    const tablesRead: unknown[] = [];
    const select = database.db.select.bind(database.db);
    // Every read of a table, as the database is asked for it.
    const db = Object.assign(Object.create(database.db) as typeof database.db, {
      select: ((...fields: Parameters<typeof select>) => {
        const query = select(...fields);
        const from = query.from.bind(query);
        return Object.assign(query, { from: (table: Parameters<typeof from>[0]) => (tablesRead.push(table), from(table)) });
      }) as typeof select,
    });
    const { result } = await submitServiceRequest(multipart(validFields), { ...deps, db });
    expect(result.status).toBe("received");
    expect(tablesRead.filter((table) => table === siteSettings)).toHaveLength(1);
    expect(tablesRead.length).toBeGreaterThan(1);
  });

  it.each([
    ["problem", { problem: "" }, "Please select the type of problem"],
    ["problem", { problem: "Alien invasion" }, "Please select the type of problem"],
    ["firstName", { firstName: "" }, "First name is required"],
    ["firstName", { firstName: "x".repeat(51) }, "First name is too long"],
    ["lastName", { lastName: " \r\n\t " }, "Last name is required"],
    ["lastName", { lastName: "x".repeat(51) }, "Last name is too long"],
    ["phone", { phone: "" }, "Phone number is required"],
    ["phone", { phone: "call me maybe" }, "Please enter a valid phone number"],
    ["phone", { phone: "1".repeat(21) }, "Please enter a valid phone number"],
    ["email", { email: "" }, "Email address is required"],
    ["email", { email: "jane@nowhere" }, "Please enter a valid email address"],
    ["email", { email: `${"j".repeat(95)}@example.com` }, "Email address is too long"],
    ["address", { address: "x".repeat(201) }, "Address is too long (max 200 characters)"],
    ["problemDescription", { problemDescription: "x".repeat(501) }, "Description is too long (max 500 characters)"],
    ["additionalComments", { additionalComments: "x".repeat(1001) }, "Comments are too long (max 1000 characters)"],
    ["referralSource", { referralSource: "Carrier pigeon" }, "Please choose one of the options"],
    ["additionalComments", { additionalComments: "Gate code 1\u00003" }, controlCharacterMessage],
  ])("refuses a bad %s with its message and stores nothing", async (field, change, message) => {
    const { status, result } = await submitServiceRequest(
      multipart({ ...validFields, ...change }, [{ name: "a.jpg", bytes: jpegBytes }]),
      deps,
    );
    expect(status).toBe(400);
    expect(result).toMatchObject({ status: "invalid", fieldErrors: { [field]: message } });
    await expectNothingStored();
  });

  it("refuses a form with every field missing", async () => {
    const { result } = await submitServiceRequest(multipart({ formStart: validFields.formStart }), deps);
    expect(result).toMatchObject({
      status: "invalid",
      fieldErrors: {
        problem: "Please select the type of problem",
        firstName: "First name is required",
        lastName: "Last name is required",
        phone: "Phone number is required",
        email: "Email address is required",
      },
    });
    await expectNothingStored();
  });

  it.each<[string, Upload[], string]>([
    ["11 files", Array.from({ length: 11 }, (_, index) => ({ name: `p${index}.png`, bytes: pngBytes })), "You can send at most 10 files."],
    [
      "an 11 MB file",
      [{ name: "huge.jpg", bytes: Buffer.concat([jpegBytes, Buffer.alloc(11 * 1024 * 1024)]) }],
      "huge.jpg: File too large (max 10MB)",
    ],
    [
      "a file one byte over 10 MB",
      [{ name: "edge.jpg", bytes: jpegOfSize(requestLimits.maxFileBytes + 1) }],
      "edge.jpg: File too large (max 10MB)",
    ],
    ["an .exe renamed .jpg", [{ name: "invoice.jpg", bytes: exeBytes, type: "image/jpeg" }], "invoice.jpg: Unsupported file type"],
    ["an HTML file claiming to be a PNG", [{ name: "photo.png", bytes: htmlBytes, type: "image/png" }], "photo.png: Unsupported file type"],
    ["a path in the name", [{ name: "../../etc/cron.jpg", bytes: jpegBytes }], "../../etc/cron.jpg: Invalid file name"],
    ["an executable name", [{ name: "setup.exe", bytes: exeBytes }], "setup.exe: Invalid file name"],
    ["a hidden file", [{ name: ".htaccess.png", bytes: pngBytes }], ".htaccess.png: Invalid file name"],
    ["a type the form does not take", [{ name: "notes.txt", bytes: Buffer.from("hello") }], "notes.txt: Unsupported file type"],
    ["an empty file", [{ name: "empty.jpg", bytes: Buffer.alloc(0) }], "empty.jpg: The file is empty"],
    [
      "a JPEG of 60 megapixels",
      [{ name: "panorama.jpg", bytes: jpegDeclaring(10_000, 6_000) }],
      "panorama.jpg: Photo too large to process (over 50 megapixels)",
    ],
    [
      "a HEIC whose header says 12288 × 12288",
      [{ name: "IMG_0001.HEIC", bytes: gridHeic({ columns: 1, rows: 1, width: 12_288, height: 12_288 }) }],
      "IMG_0001.HEIC: Photo too large to process (over 50 megapixels)",
    ],
    ["a crafted HEIC of 576 tiles, 12288 × 12288", [{ name: "tiles.heic", bytes: gridHeic({ columns: 24, rows: 24 }) }], "tiles.heic: The photo could not be read"],
    ["random bytes after a HEIC header", [{ name: "broken.heic", bytes: randomBytesHeic(2 * 1024 * 1024) }], "broken.heic: The photo could not be read"],
    ["a JPEG cut off inside its header", [{ name: "cut.jpg", bytes: Buffer.from("ffd8ffe000104a464946", "hex") }], "cut.jpg: The photo could not be read"],
  ])("refuses %s and stores nothing, not even the good photos", async (_case, uploads, message) => {
    const { status, result } = await submitServiceRequest(
      multipart(validFields, [{ name: "good.jpg", bytes: jpegBytes }, ...uploads]),
      deps,
    );
    expect(status).toBe(400);
    expect(result.status).toBe("invalid");
    expect(result.status === "invalid" ? result.fieldErrors.photos : "").toContain(message);
    await expectNothingStored();
  });

  it("keeps a file name as the visitor's phone wrote it, in UTF-8", async () => {
    const { status } = await submitServiceRequest(multipart(validFields, [{ name: "café-写真.jpg", bytes: jpegBytes, type: "image/jpeg" }]), deps);
    expect(status).toBe(200);
    const [photo] = await database.db.select().from(serviceRequestPhotos);
    expect(photo?.originalName).toBe("café-写真.jpg");
  });

  it("takes a photo of exactly 10 MB", async () => {
    const { status } = await submitServiceRequest(
      multipart(validFields, [{ name: "edge.jpg", bytes: jpegOfSize(requestLimits.maxFileBytes) }]),
      deps,
    );
    expect(status).toBe(200);
    const [photo] = await database.db.select().from(serviceRequestPhotos);
    expect(photo?.sizeBytes).toBe(requestLimits.maxFileBytes);
  });

  it("takes photos up to 50 megapixels, reading the whole file when a header runs past its first 64 KB", async () => {
    // Two 60 KB application segments (EXIF, XMP, a depth map...) before the frame header.
    const segment = Buffer.concat([Buffer.from([0xff, 0xe1, 0xf0, 0x02]), Buffer.alloc(0xf000, 0x20)]);
    const longHeader = Buffer.concat([jpegBytes.subarray(0, 2), segment, segment, jpegDeclaring(8_064, 6_048).subarray(2)]);
    const { status } = await submitServiceRequest(
      multipart(validFields, [
        { name: "phone-48mp.jpg", bytes: jpegDeclaring(8_064, 6_048) },
        { name: "long-header.jpg", bytes: longHeader },
        { name: "phone.heic", bytes: gridHeic({ columns: 8, rows: 6, width: 4_032, height: 3_024 }) },
      ]),
      deps,
    );
    expect(status).toBe(200);
    expect(await database.db.select().from(serviceRequestPhotos)).toHaveLength(3);
  });

  it("refuses a body that is not multipart", async () => {
    const request = new Request("http://localhost/api/service-requests", {
      method: "POST",
      body: JSON.stringify(validFields),
      headers: { "Content-Type": "application/json" },
    });
    const { status, result } = await submitServiceRequest(request, deps);
    expect(status).toBe(415);
    expect(result.status).toBe("refused");
    await expectNothingStored();
  });

  it("refuses a truncated multipart body cleanly", async () => {
    const boundary = "----cut";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${jpegBytes.toString("binary")}`;
    const request = new Request("http://localhost/api/service-requests", {
      method: "POST",
      body: Buffer.from(body, "binary"),
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    });
    const { status, result } = await submitServiceRequest(request, deps);
    expect(status).toBe(400);
    expect(result.status).toBe("refused");
    await expectNothingStored();
  });

  it("reads a malformed body to its end before answering, so the answer reaches the browser", async () => {
    const boundary = "----malformed";
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${"a".repeat(100_000)}.jpg"\r\n\r\n`);
    const rest = Array.from({ length: 32 }, () => Buffer.alloc(64 * 1024, 0x5a));
    const chunks = [head, ...rest];
    const { request, pulls } = streamedMultipart(boundary, (index) => chunks[index]);
    const { status, result } = await submitServiceRequest(request, deps);
    expect(status).toBe(400);
    expect(result).toMatchObject({ status: "refused", formError: "The form could not be read. Please try again." });
    expect(pulls()).toBe(chunks.length + 1);
    await expectNothingStored();
  });

  it("stops reading a chunked body once it passes the total cap, keeping no file, not even the one half written", async () => {
    const boundary = "----endless";
    const part = (name: string, filename: string) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const megabyte = 1024 * 1024;
    const chunks = [
      ...Object.entries(validFields).map(([name, value]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ),
      Buffer.concat([part("photos", "good.jpg"), jpegBytes, Buffer.from("\r\n"), part("photos", "endless.jpg"), jpegBytes]),
    ];
    const fileChunks = Math.ceil(maxBodyBytes / megabyte) + 20;
    const { request, pulls } = streamedMultipart(
      boundary,
      (index) => chunks[index] ?? (index < chunks.length + fileChunks ? Buffer.alloc(megabyte, 0x5a) : undefined),
    );
    expect(request.headers.get("content-length")).toBeNull();

    const { status, result } = await submitServiceRequest(request, deps);
    expect(status).toBe(413);
    expect(result).toMatchObject({ status: "refused", formError: "The photos are too large to send together (10 files of 10MB at most)." });
    expect(pulls()).toBeLessThan(chunks.length + fileChunks);
    await expectNothingStored();
  });

  it("allows 3 submissions per 5 minutes per client, then refuses with the spec's message", async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const { status } = await submitServiceRequest(multipart({ ...validFields, email: `person${attempt}@example.com` }), deps);
      expect(status).toBe(200);
    }
    const refused = await submitServiceRequest(multipart({ ...validFields, email: "person4@example.com" }), deps);
    expect(refused.status).toBe(429);
    expect(refused.result).toMatchObject({ status: "refused", formError: tooManySubmissionsMessage });
    expect(await database.db.select().from(serviceRequests)).toHaveLength(3);

    clock = new Date(afterFilling.getTime() + 5 * 60 * 1000 + 1);
    const later = await submitServiceRequest(multipart({ ...validFields, email: "person4@example.com" }), deps);
    expect(later.status).toBe(200);
  });

  it("refuses a client already over the limit before reading its body: nothing is written, the upload is not taken in", async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await submitServiceRequest(multipart({ ...validFields, email: `person${attempt}@example.com` }), deps)).status).toBe(200);
    }
    const storage = countingPuts(deps.storage);
    const { request, pulls, chunkCount } = fieldsThenPhoto({ ...validFields, email: "person4@example.com" }, 50);
    const refused = await submitServiceRequest(request, { ...deps, storage });
    expect(refused.status).toBe(429);
    expect(refused.result).toMatchObject({ status: "refused", formError: tooManySubmissionsMessage });
    expect(pulls()).toBeLessThan(chunkCount / 10);
    expect(storage.puts()).toBe(0);
    expect(storedFiles()).toEqual([]);
    expect(await database.db.select().from(serviceRequests)).toHaveLength(3);
  });

  it("limits by email too, whichever client sends", async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const { status } = await submitServiceRequest(multipart(validFields), { ...deps, clientId: randomUUID() });
      expect(status).toBe(200);
    }
    const refused = await submitServiceRequest(multipart(validFields), { ...deps, clientId: randomUUID() });
    expect(refused.status).toBe(429);
  });

  it("sends one confirmation per address an hour, however many requests name it; the office hears of each", async () => {
    const labelsOf = async () =>
      (await database.db.select({ label: outboxMessages.label }).from(outboxMessages)).map((row) => row.label).sort();
    for (const clientId of [randomUUID(), randomUUID()]) {
      expect((await submitServiceRequest(multipart(validFields), { ...deps, clientId })).result.status).toBe("received");
    }
    expect(await labelsOf()).toEqual(["Office email", "Office email", "Visitor email"]);

    clock = new Date(afterFilling.getTime() + 61 * 60 * 1000);
    expect((await submitServiceRequest(multipart(validFields), deps)).result.status).toBe("received");
    expect(await labelsOf()).toEqual(["Office email", "Office email", "Office email", "Visitor email", "Visitor email"]);
  });

  it("answers like a success but stores as spam, notifying nobody, when the honeypot is filled", async () => {
    const { status, result } = await submitServiceRequest(multipart({ ...validFields, website: "http://spam.example" }), deps);
    expect(status).toBe(200);
    expect(result.status).toBe("received");
    const [stored] = await database.db.select().from(serviceRequests);
    expect(stored).toMatchObject({ status: "spam", spamReason: "A hidden field that people never see was filled in." });
    expect(await database.db.select().from(outboxMessages)).toEqual([]);
    expect(pokes).toBe(0);
  });

  it("stores no photo of a request caught by the honeypot, and says on the request how many were dropped", async () => {
    const storage = countingPuts(deps.storage);
    const { status, result } = await submitServiceRequest(
      multipart({ ...validFields, website: "http://spam.example" }, [
        { name: "a.jpg", bytes: jpegBytes },
        { name: "b.png", bytes: pngBytes },
        { name: "c.pdf", bytes: pdfBytes },
      ]),
      { ...deps, storage },
    );
    expect([status, result.status]).toEqual([200, "received"]);
    const [stored] = await database.db.select().from(serviceRequests);
    expect(stored).toMatchObject({
      status: "spam",
      spamReason: "A hidden field that people never see was filled in. The 3 photos sent with it were not kept.",
    });
    expect(await database.db.select().from(serviceRequestPhotos)).toEqual([]);
    expect(storage.puts()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it("drops a photo a robot sent before filling the honeypot", async () => {
    const form = new FormData();
    form.append("photos", new Blob([new Uint8Array(jpegBytes)], { type: "image/jpeg" }), "first.jpg");
    for (const [name, value] of Object.entries({ ...validFields, website: "http://spam.example" })) form.append(name, value);
    const { status } = await submitServiceRequest(new Request("http://localhost/api/service-requests", { method: "POST", body: form }), deps);
    expect(status).toBe(200);
    expect((await database.db.select().from(serviceRequests))[0]?.spamReason).toBe(
      "A hidden field that people never see was filled in. The photo sent with it was not kept.",
    );
    expect(await database.db.select().from(serviceRequestPhotos)).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it("keeps the photos of a request that is only suspected: a person may have sent it", async () => {
    const fast = { formStart: issueFormStart(testFormStartSecret, new Date(afterFilling.getTime() - 1_000)) };
    await submitServiceRequest(multipart({ ...validFields, ...fast }, [{ name: "kitchen.jpg", bytes: jpegBytes }]), deps);
    expect((await database.db.select().from(serviceRequests))[0]?.status).toBe("suspected");
    expect(await database.db.select().from(serviceRequestPhotos)).toHaveLength(1);
    expect(storedFiles()).toHaveLength(1);
  });

  describe("the daily photo quota per client", () => {
    const megabyte = 1024 * 1024;
    /** Photos of this client's earlier requests, as the intake recorded them. */
    async function alreadyStored(bytes: number, at = afterFilling) {
      const [earlier] = await database.db
        .insert(serviceRequests)
        .values({ firstName: "Jane", lastName: "Doe", email: "jane@example.com", phone: "(215) 555-0100", problem: "Water damage", clientHash: deps.clientId, createdAt: at })
        .returning({ id: serviceRequests.id });
      await database.db.insert(serviceRequestPhotos).values({
        requestId: earlier?.id ?? "",
        originalName: "earlier.jpg",
        storageKey: `requests/${randomUUID()}`,
        contentType: "image/jpeg",
        sizeBytes: bytes,
        sha256: "0".repeat(64),
        position: 0,
      });
    }
    const requestCount = async () => (await database.db.select().from(serviceRequests)).length;

    it("refuses a client whose photos of the last 24 hours reach it before reading a byte, asking to call", async () => {
      await alreadyStored(dailyPhotoQuota.bytes);
      const { request, pulls, chunkCount } = fieldsThenPhoto(validFields, 20);
      const { status, result } = await submitServiceRequest(request, deps);
      expect(status).toBe(429);
      expect(result).toMatchObject({ status: "refused", formError: photoQuotaMessage(defaultCompany.phone) });
      expect(photoQuotaMessage(defaultCompany.phone)).toBe("We cannot take more photos from your connection today. Please call us at (215) 555-0142 — we answer 24/7.");
      expect(pulls()).toBeLessThan(chunkCount / 10);
      expect(await requestCount()).toBe(1);
      expect(storedFiles()).toEqual([]);
    });

    it("stops a request that would pass it while its photo arrives, storing nothing, and counts only the last 24 hours", async () => {
      await alreadyStored(dailyPhotoQuota.bytes - 2 * megabyte);
      const tooMuch = await submitServiceRequest(multipart(validFields, [{ name: "three.jpg", bytes: jpegOfSize(3 * megabyte) }]), deps);
      expect(tooMuch.status).toBe(429);
      expect(tooMuch.result).toMatchObject({ status: "refused", formError: photoQuotaMessage(defaultCompany.phone) });
      expect(await requestCount()).toBe(1);
      expect(storedFiles()).toEqual([]);

      const fits = await submitServiceRequest(multipart(validFields, [{ name: "one.jpg", bytes: jpegOfSize(megabyte) }]), deps);
      expect(fits.status).toBe(200);
      expect(storedFiles()).toHaveLength(1);

      clock = new Date(afterFilling.getTime() + dailyPhotoQuota.windowMs + 1);
      const nextDay = await submitServiceRequest(multipart({ ...validFields, formStart: issueFormStart(testFormStartSecret, afterFilling) }, [{ name: "three.jpg", bytes: jpegOfSize(3 * megabyte) }]), deps);
      expect(nextDay.status).toBe(200);
    });

    it("belongs to the client: another's photos do not count", async () => {
      await alreadyStored(dailyPhotoQuota.bytes);
      const { status } = await submitServiceRequest(multipart(validFields, [{ name: "a.jpg", bytes: jpegBytes }]), { ...deps, clientId: randomUUID() });
      expect(status).toBe(200);
    });
  });

  it.each([
    ["sent a second after the form opened", { formStart: issueFormStart(testFormStartSecret, new Date(afterFilling.getTime() - 1_000)) }, "It was sent 1.0 seconds after the form opened"],
    ["sent without a form start", { formStart: "" }, "It came without the time stamp our form adds"],
    ["sent with a start stamp signed by someone else", { formStart: issueFormStart("x".repeat(40), new Date(startedAt)) }, "The form's time stamp was not one our site made."],
    ["sent with a start stamp made up", { formStart: `${startedAt}.forged` }, "The form's time stamp was not one our site made."],
  ])("stores a request %s as suspected spam and tells the office so, holding the rest", async (_case, change, reason) => {
    const { status, result } = await submitServiceRequest(multipart({ ...validFields, ...change }), { ...deps, webhookEnabled: true });
    expect(status).toBe(200);
    expect(result.status).toBe("received");
    const [stored] = await database.db.select().from(serviceRequests);
    expect(stored?.status).toBe("suspected");
    expect(stored?.spamReason).toContain(reason);
    const messages = await database.db.select().from(outboxMessages);
    expect(messages.map((message) => message.payload)).toEqual([
      expect.objectContaining({
        to: defaultCompany.officeEmail,
        subject: "Suspected spam: New service request: Water damage - <b>Jane</b> Doe",
        text: expect.stringContaining(`SUSPECTED SPAM: ${stored?.spamReason ?? ""}`),
      }),
    ]);
    expect(pokes).toBe(1);
  });

  it("judges the time on the server's clock alone: a start stamp from a server whose clock runs ahead is no proof", async () => {
    const { result } = await submitServiceRequest(
      multipart({ ...validFields, formStart: issueFormStart(testFormStartSecret, new Date(afterFilling.getTime() + 2_000)) }),
      deps,
    );
    expect(result.status).toBe("received");
    expect((await database.db.select().from(serviceRequests))[0]).toMatchObject({ status: "new", spamReason: null });
  });

  it("sends a refused form back with its own start stamp, so the fixed form sent a moment later is a person's", async () => {
    const refused = await submitServiceRequest(multipart({ ...validFields, phone: "" }, [{ name: "a.jpg", bytes: jpegBytes }]), deps);
    expect(refused.result).toMatchObject({ status: "invalid", formStart: validFields.formStart, photosNotKept: 1 });

    clock = new Date(afterFilling.getTime() + 500);
    const resent = await submitServiceRequest(multipart({ ...validFields, formStart: validFields.formStart }), deps);
    expect(resent.result.status).toBe("received");
    expect((await database.db.select().from(serviceRequests))[0]).toMatchObject({ status: "new", spamReason: null });
  });

  it("gives a refused form that came without a usable stamp a new one of its own", async () => {
    const { result } = await submitServiceRequest(multipart({ ...validFields, phone: "", formStart: "made-up" }), deps);
    const formStart = result.status === "invalid" ? (result.formStart ?? "") : "";
    expect(formStart).toMatch(new RegExp(`^${afterFilling.getTime()}\\.`));
    expect(formStart).not.toBe("made-up");
  });

  it("refuses with the number to call, keeping no file, when the database is unreachable", async () => {
    await database.close();
    const { status, result } = await submitServiceRequest(
      multipart(validFields, [{ name: "kitchen.jpg", bytes: jpegBytes, type: "image/jpeg" }]),
      deps,
    );
    expect(status).toBe(503);
    expect(result).toMatchObject({ status: "refused", formError: requestNotSavedMessage(defaultCompany.phone) });
    expect(requestNotSavedMessage(defaultCompany.phone)).toBe(
      "We could not save your request right now. Please call us at (215) 555-0142 — we answer 24/7.",
    );
    expect(storedFiles()).toEqual([]);
    expect(pokes).toBe(0);
  });

  it("logs a failed store without the visitor's name, phone or email", async () => {
    await database.db.execute(sql`alter table service_requests add constraint refuses_doe check (last_name <> 'Doe')`);
    const lines: string[] = [];
    const logger = createLogger({ mode: "production", logLevel: "info" }, { write: (line: string) => void lines.push(line) });
    const { status } = await submitServiceRequest(multipart(validFields), { ...deps, logger });
    expect(status).toBe(500);
    const logged = lines.join("");
    expect(logged).toContain("Storing a service request failed");
    expect(logged).toContain("refuses_doe");
    for (const personal of ["Doe", "555-0100", "jane.doe@example.com", "Oak Lane"]) expect(logged).not.toContain(personal);
  });

  it("refuses the same way, as a server error, when storing fails while the database answers", async () => {
    const failingDb = new Proxy(database.db, {
      get: (target, property, receiver) =>
        property === "transaction" ? () => Promise.reject(new Error("constraint broken")) : Reflect.get(target, property, receiver),
    });
    const { status, result } = await submitServiceRequest(multipart(validFields), { ...deps, db: failingDb });
    expect(status).toBe(500);
    expect(result).toMatchObject({ status: "refused", formError: requestNotSavedMessage(defaultCompany.phone) });
    await expectNothingStored();
  });
});
