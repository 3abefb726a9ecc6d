import { eq } from "drizzle-orm";
import fc from "fast-check";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  UNSAFE_withComponentProps,
  type AppLoadContext,
  type RouteObject,
} from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import RequestDetail, { loader as requestPageLoader } from "#app/routes/admin/request.tsx";
import { loader as exportLoader } from "#app/routes/admin/requests-export.ts";
import { serviceRequests } from "#server/db/schema.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { createMailer, type Mailer } from "#server/mail.ts";
import { startOutboxWorker, type OutboxWorker } from "#server/outbox.ts";
import { createFolderStorage } from "#server/storage.ts";
import { createWebhookSender } from "#server/webhook.ts";
import { testContext } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { freeTextFields, requestFormPost } from "#tests/support/requests.ts";
import { plainTextBody, startSmtpServer } from "#tests/support/smtp.ts";
import { createTestAuth, requestAs, signedInAccount } from "#tests/support/staff.ts";
import { startWebhookReceiver } from "#tests/support/webhook-receiver.ts";
import { requestLimits } from "./catalogue.ts";
import { submitServiceRequest } from "./submit.server.ts";

/**
 * Issue 17, "every character kept": whatever a visitor types into the request form, at each text
 * field's limit, arrives unchanged (after trimming and LF line ends) in the stored row, on the
 * staff's request page, in the office email, in the webhook's JSON and in the CSV export.
 */

const textFields = [...freeTextFields, "phone", "email"] as const;
type FreeTextField = (typeof freeTextFields)[number];
type TextField = (typeof textFields)[number];
type Answers = Record<TextField, string>;

const eachFreeText = <T,>(value: (field: FreeTextField) => T) =>
  Object.fromEntries(freeTextFields.map((field) => [field, value(field)])) as Record<FreeTextField, T>;

/** Each field's one label: in the office email, the CSV export's header and the request page. */
const labels: Record<TextField, string> = {
  problemDescription: "Description",
  firstName: "First name",
  lastName: "Last name",
  phone: "Phone",
  email: "Email",
  address: "Address",
  insuranceCompany: "Insurance company",
  claimNumber: "Claim number",
  referralOther: "Heard about us (other)",
  additionalComments: "Additional comments",
};

// What markup, entities, the CSV formula guard, email encodings, line handling and text direction could each trip on.
const markup = ["<", ">", "&", '"', "'", "<2 inches", "1<3>5", "</dd><dd>", "<script>alert(1)</script>", "&amp;", "&#x27;", "&lt;"];
const formulasAndEncodings = ["=", "=3D", "=\n", "+", "-", "@", "\\", ",", ";", "."];
const lineBreaks = ["\n", "\n\n", "\n  indented", "\n.\n", "\nEmail: x", "\t", "   "];
const controls = ["\u0001", "\u0007", "\u000b", "\u000c", "\u001b[31m", "\u007f", "\u0085"];
const invisible = ["\u00a0", "\ufeff", "\u200b", "\u200d", "\u200f", "\u202e", "\u2028", "\u2029"];
const scripts = ["😀", "👩‍👩‍👧", "🔥", "é", "日本語"];
const awkward = fc.constantFrom(...markup, ...formulasAndEncodings, ...lineBreaks, ...controls, ...invisible, ...scripts);
const anyCodePoints = fc.string({ unit: "binary", maxLength: 40 }).map((text) => text.replace(/[\0\r]/g, "?"));
/** First and last characters: never space, so what was typed is what normalisation keeps. */
const edge = fc.constantFrom("<", ">", "&", '"', "'", "=", "+", "-", "@", "x", "é", "\u202e", "\u200f", "😀");

/** Text exactly `length` UTF-16 units long, the unit the form's limits count. */
function textOf(length: number) {
  return fc.tuple(edge, fc.array(fc.oneof(awkward, anyCodePoints), { minLength: 1, maxLength: 40 }), edge).map(([first, pieces, last]) => {
    const source = [...pieces.join("")];
    const room = length - first.length - last.length;
    let middle = "";
    for (let index = 0; middle.length < room; index++) {
      const character = source.length === 0 ? "x" : (source[index % source.length] as string);
      middle += middle.length + character.length > room ? "x" : character;
    }
    return `${first}${middle}${last}`;
  });
}

const atext = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~."];
const domain = "@Example.com";
/** An address at the limit: the visitor's own characters are the local part's. */
const email = fc
  .string({
    unit: fc.constantFrom(...atext),
    minLength: requestLimits.email - domain.length,
    maxLength: requestLimits.email - domain.length,
  })
  .map((local) => `${local}${domain}`);
const digit = fc.constantFrom(..."0123456789");
const phone = fc
  .tuple(
    fc.string({ unit: digit, minLength: 7, maxLength: 7 }),
    fc.string({ unit: fc.constantFrom(..."0123456789 ()+-."), minLength: requestLimits.phone - 8, maxLength: requestLimits.phone - 8 }),
    digit,
  )
  .map((parts) => parts.join(""));
/** Outer space of every kind a browser may send around what was typed. */
const outerSpace = fc
  .array(fc.constantFrom(" ", "\t", "\n", "\r\n", "\u00a0", "\u2003", "\u3000", "\ufeff", "\u2028", "\u000b", "\u000c"), { maxLength: 3 })
  .map((spaces) => spaces.join(""));

const answers: fc.Arbitrary<Answers> = fc.record({
  ...eachFreeText((field) => textOf(requestLimits[field])),
  phone,
  email,
});

/** The issue's two sentences in every field, at its limit: all ASCII, so the email goes quoted-printable. */
const filledWith = (sentence: string, length: number) => `${sentence.repeat(Math.ceil(length / sentence.length)).slice(0, length - 1)}.`;
const issueExample: Answers = {
  ...eachFreeText((field) => filledWith("Sewage is <2 inches deep, kids at home\nGate code 1<3>5 ", requestLimits[field])),
  phone: "+1 (215) 555-0100 22",
  email: `${"Jane.Doe+sewage".padEnd(requestLimits.email - domain.length, "x")}${domain}`,
};

const silent = pino({ level: "silent" });

/** React writes text with exactly these five escaped; a browser reads them back. */
const htmlEscapes: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };

/** The request page's details, label to the text a browser shows, from its server-rendered HTML. */
function detailsOf(html: string): Map<string, string> {
  const details = new Map<string, string>();
  for (const [, label = "", value = ""] of html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)) {
    details.set(
      label,
      value.replace(/&(amp|lt|gt|quot|#x27);/g, (escape) => htmlEscapes[escape] ?? escape),
    );
  }
  return details;
}

/** One field of the office email: its first line after the label, and the lines indented under it without their two spaces. */
function mailField(text: string, label: string): string | undefined {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`${label}: `));
  if (start === -1) return undefined;
  const value = [(lines[start] as string).slice(label.length + 2)];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith("  ")) break;
    value.push(line.slice(2));
  }
  return value.join("\n");
}

/** RFC 4180 rows: quoted cells with doubled quotes, CRLF between rows. */
function csvRows(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const text = csv.replace(/^\uFEFF/, "");
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted && character === '"' && text[index + 1] === '"') {
      cell += '"';
      index++;
    } else if (character === '"') {
      quoted = !quoted;
    } else if (!quoted && character === ",") {
      row.push(cell);
      cell = "";
    } else if (!quoted && character === "\r" && text[index + 1] === "\n") {
      rows.push([...row, cell]);
      row = [];
      cell = "";
      index++;
    } else {
      cell += character;
    }
  }
  return rows;
}

/** What a spreadsheet shows of a cell the export guarded: a would-be formula carries a leading apostrophe. */
const guarded = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

describe.each(testBackends)("every character a visitor types, on $name", (backend) => {
  let database: TestDatabase;
  let dataDir: string;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let mailer: Mailer;
  let worker: OutboxWorker;
  let context: AppLoadContext;
  let staffCookie: string;
  let clock: number;

  beforeAll(async () => {
    database = await backend.open();
    await seedDefaults(database.db);
    dataDir = mkdtempSync(path.join(tmpdir(), "every-character-"));
    smtp = await startSmtpServer();
    receiver = await startWebhookReceiver();
    mailer = createMailer({ smtpUrl: smtp.url, dataDir, from: "office@serviceready.example" }, silent);
    worker = startOutboxWorker({
      db: database.db,
      mailer,
      logger: silent,
      webhook: createWebhookSender({ url: receiver.url, secret: "a-webhook-secret-of-the-company" }),
      pollIntervalMs: 3_600_000,
    });
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, { storage: createFolderStorage(path.join(dataDir, "uploads")), clientId: "every-character" });
    staffCookie = (await signedInAccount(database.db, auth, "editor")).cookie;
    clock = Date.now();
  });
  afterAll(async () => {
    await worker.stop();
    mailer.close();
    await Promise.all([smtp.close(), receiver.close()]);
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function submit(fields: Record<string, string>): Promise<string> {
    // Ten minutes apart, so the submission limit (3 per 5 minutes) never refuses a run or a shrink.
    clock += 10 * 60_000;
    const { result } = await submitServiceRequest(requestFormPost(fields), {
      db: database.db,
      storage: context.storage,
      logger: silent,
      notifyOutbox: () => {},
      webhookEnabled: true,
      publicUrl: context.publicUrl,
      clientId: randomUUID(),
      formStartSecret: context.formStartSecret,
      now: () => new Date(clock),
    });
    if (result.status !== "received") throw new Error(`Not received: ${JSON.stringify(result)}`);
    return result.requestId;
  }

  async function requestPage(id: string): Promise<string> {
    const pattern = "/admin/requests/:id";
    const routes: RouteObject[] = [
      {
        path: pattern,
        loader: ({ request }) => requestPageLoader({ request, context, params: { id }, url: new URL(request.url), pattern }),
        // Wrapped as the built route module wraps it; its props are typed for the framework's generated route types.
        Component: UNSAFE_withComponentProps(RequestDetail as unknown as Parameters<typeof UNSAFE_withComponentProps>[0]),
      },
    ];
    const handler = createStaticHandler(routes);
    const state = await handler.query(requestAs(staffCookie, `/admin/requests/${id}`));
    if (state instanceof Response) throw new Error(`The request page answered ${state.status}`);
    return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, state)} context={state} hydrate={false} />);
  }

  async function exported(): Promise<string> {
    const request = requestAs(staffCookie, "/admin/requests/export");
    const response = await exportLoader({ request, context, params: {}, url: new URL(request.url), pattern: "/admin/requests/export" });
    return response.text();
  }

  it(
    "arrives byte-identical in the row, the request page, the office email, the webhook and the CSV export",
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(answers, outerSpace, outerSpace, async (expected, before, after) => {
          const sent = Object.fromEntries(textFields.map((field) => [field, `${before}${expected[field]}${after}`]));
          const id = await submit({ problem: "Water damage", sourceStopped: "No", standingWater: "Yes", referralSource: "Other", ...sent });
          const kept: Answers = { ...expected, email: expected.email.toLowerCase() };
          await worker.drain();

          const [row] = await database.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
          expect(row && Object.fromEntries(textFields.map((field) => [field, row[field]]))).toEqual(kept);

          const details = detailsOf(await requestPage(id));
          expect(details.get("Heard about us from")).toBe("Other");
          for (const field of textFields) expect(details.get(labels[field]), field).toBe(kept[field]);

          const officeMail = smtp.received.map((mail) => plainTextBody(mail.raw)).find((text) => text.includes(`\nRequest ID: ${id}\n`));
          expect(officeMail).toBeDefined();
          for (const field of textFields) expect(mailField(officeMail ?? "", labels[field]), field).toBe(kept[field]);

          const posted = receiver.deliveries
            .map((delivery) => JSON.parse(delivery.body) as Record<string, unknown>)
            .find((body) => body.id === id);
          expect(posted && Object.fromEntries(textFields.map((field) => [field, posted[field]]))).toEqual(kept);

          const [header = [], ...rows] = csvRows(await exported());
          const cells = rows.find((cells) => cells.at(-1)?.endsWith(`/admin/requests/${id}`)) ?? [];
          for (const field of textFields) expect(cells[header.indexOf(labels[field])], field).toBe(guarded(kept[field]));
        }),
        { numRuns: 20, examples: [[issueExample, " ", "\r\n"]] },
      );
    },
  );
});
