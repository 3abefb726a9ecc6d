import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { startSmtpServer } from "#tests/support/smtp.ts";
import { createMailer, type Mailer } from "./mail.ts";

const silent = pino({ level: "silent" });
const from = "Service Ready Restoration <office@serviceready.example>";
const message = {
  to: "jane.doe@example.com",
  subject: "We received your request - Service Ready Restoration",
  text: "Hello Jane,\nA specialist will call you shortly.\n",
  replyTo: "office@serviceready.example",
};

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function temporaryDataDir(): string {
  const directory = mkdtempSync(path.join(tmpdir(), "mail-test-"));
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

function track(mailer: Mailer): Mailer {
  cleanups.push(() => mailer.close());
  return mailer;
}

async function startTrackedSmtpServer() {
  const smtp = await startSmtpServer();
  cleanups.push(() => smtp.close());
  return smtp;
}

describe("createMailer without SMTP_URL", () => {
  it("writes each message as a readable .eml file in DATA_DIR/outbox", async () => {
    const dataDir = temporaryDataDir();
    const mailer = track(createMailer({ smtpUrl: undefined, dataDir, from }, silent));

    // Nobody received it: the caller is told it went to a file, not to a mail server.
    expect(await mailer.send(message)).toBe("file");
    await mailer.send({ ...message, subject: "Second message" });

    const folder = path.join(dataDir, "outbox");
    const files = readdirSync(folder).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{12}\.eml$/);
    const contents = files.map((file) => readFileSync(path.join(folder, file), "utf8"));
    const first = contents.find((text) => text.includes(`Subject: ${message.subject}`));
    expect(first).toBeDefined();
    expect(first).toMatch(/^To: jane\.doe@example\.com$/m);
    expect(first).toMatch(/^From: Service Ready Restoration <office@serviceready\.example>$/m);
    expect(first).toMatch(/^Reply-To: office@serviceready\.example$/m);
    expect(first).toContain("A specialist will call you shortly.");
    expect(first).not.toContain("\r\n");
    expect(contents.some((text) => text.includes("Subject: Second message"))).toBe(true);
  });

  it("logs who and what, never the body", async () => {
    const dataDir = temporaryDataDir();
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    const mailer = track(createMailer({ smtpUrl: undefined, dataDir, from }, logger));

    await mailer.send(message);

    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? "{}") as Record<string, unknown>;
    const [file] = readdirSync(path.join(dataDir, "outbox"));
    expect(entry).toMatchObject({ level: 30, to: message.to, subject: message.subject, file: path.join(dataDir, "outbox", file ?? "") });
    expect(lines[0]).not.toContain("specialist");
  });
});

describe("createMailer with SMTP_URL", () => {
  it("delivers the message to the mail server", async () => {
    const smtp = await startTrackedSmtpServer();
    const dataDir = temporaryDataDir();
    const mailer = track(createMailer({ smtpUrl: smtp.url, dataDir, from }, silent));

    expect(await mailer.send(message)).toBe("smtp");

    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received?.from).toBe("office@serviceready.example");
    expect(received?.to).toEqual(["jane.doe@example.com"]);
    expect(received?.raw).toMatch(/^Subject: We received your request - Service Ready Restoration\r?$/m);
    expect(received?.raw).toMatch(/^Reply-To: office@serviceready\.example\r?$/m);
    expect(received?.raw).toContain("A specialist will call you shortly.");
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("gives a message with a delivery key the same Message-ID on every attempt", async () => {
    const smtp = await startTrackedSmtpServer();
    const mailer = track(createMailer({ smtpUrl: smtp.url, dataDir: temporaryDataDir(), from }, silent));

    await mailer.send({ ...message, deliveryKey: "5f0c2a4e-0000-4000-8000-000000000001" });
    await mailer.send({ ...message, deliveryKey: "5f0c2a4e-0000-4000-8000-000000000001" });
    await mailer.send(message);

    const messageIds = smtp.received.map((received) => received.messageId);
    expect(messageIds.slice(0, 2)).toEqual([
      "<5f0c2a4e-0000-4000-8000-000000000001@serviceready.example>",
      "<5f0c2a4e-0000-4000-8000-000000000001@serviceready.example>",
    ]);
    expect(messageIds[2]).toMatch(/^<.+@serviceready\.example>$/);
    expect(messageIds[2]).not.toBe(messageIds[0]);
  });

  it("rejects when the mail server refuses the message", async () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      },
    });
    server.on("error", () => {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.server.address() as AddressInfo;
    const mailer = track(createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir: temporaryDataDir(), from }, silent));

    await expect(mailer.send(message)).rejects.toThrow(/Mailbox unavailable/);
  });
});
