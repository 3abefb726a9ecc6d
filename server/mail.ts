import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTransport } from "nodemailer";
import type { DeliveryChannel } from "#app/domain/outbox.ts";
import type { Logger } from "./logger.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /**
   * The message's own identity (an outbox row id): every attempt to send it carries the same
   * Message-ID, so a copy sent again after a crash is recognisably the same email.
   */
  deliveryKey?: string;
}

/** Where an email went: a mail server, or a file on this server (no mail server configured, so nobody received it). */
export type MailChannel = Extract<DeliveryChannel, "smtp" | "file">;

export interface Mailer {
  /** Resolves, with where the message went, once the mail server accepted it (or it was written to the outbox folder). */
  send(message: MailMessage): Promise<MailChannel>;
  /** Resolves when the mail server answers and accepts our login (without a mail server: at once). */
  check(): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** `smtp://` or `smtps://` server; unset: messages are written as `.eml` files to `<dataDir>/outbox/`. */
  smtpUrl: string | undefined;
  dataDir: string;
  /** The sender of every message, e.g. `Name <office@example.com>`. */
  from: string;
}

/**
 * Sends plain-text emails. Without a mail server every message becomes a file someone can open,
 * so nothing is lost on a machine that was never configured to send mail.
 */
export function createMailer(options: MailerOptions, logger: Logger): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : folderMailer(outboxFolder(options.dataDir), options.from, logger);
}

/** Where emails are written without a mail server. */
export function outboxFolder(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport({
    url: smtpUrl,
    // Messages are sent while the outbox holds a row lock: a silent server must not hold it for long.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transport.sendMail(envelope(message, from));
      return "smtp";
    },
    async check() {
      await transport.verify();
    },
    close() {
      transport.close();
    },
  };
}

function folderMailer(folder: string, from: string, logger: Logger): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(message, from));
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, outboxFileName(new Date()));
      await writeFile(file, info.message as Buffer, { flag: "wx" });
      logger.info({ to: message.to, subject: message.subject, file }, "email written to the outbox folder (no SMTP_URL)");
      return "file";
    },
    check: () => Promise.resolve(),
    close() {
      transport.close();
    },
  };
}

function envelope({ deliveryKey, ...message }: MailMessage, from: string) {
  return deliveryKey === undefined ? { from, ...message } : { from, ...message, messageId: messageIdOf(deliveryKey, from) };
}

/** `<key@domain of the sender>`: unique per message, the same on every attempt. */
export function messageIdOf(deliveryKey: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${deliveryKey}@${domain}>`;
}

/** `2025-01-31T14-05-09.123Z-1a2b3c4d5e6f.eml`: sorts by time, unique, valid on every file system. */
function outboxFileName(at: Date): string {
  return `${at.toISOString().replaceAll(":", "-")}-${randomBytes(6).toString("hex")}.eml`;
}
