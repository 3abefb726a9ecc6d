import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  messageId: string;
  subject: string;
}

/**
 * A real SMTP peer on a free loopback port that keeps every message it accepts; with `refuse`, it
 * answers every recipient with that error instead (451: try again later, 550: never).
 */
export async function startSmtpServer({ refuse }: { refuse?: { code: number; message: string } } = {}): Promise<{
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(refuse ? Object.assign(new Error(refuse.message), { responseCode: refuse.code }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((address) => address.address),
          raw,
          messageId: /^Message-ID: (.*?)\r?$/im.exec(raw)?.[1] ?? "",
          subject: /^Subject: (.*?)\r?$/im.exec(raw)?.[1] ?? "",
        });
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A plain-text message's body as its reader sees it: transfer encoding undone, UTF-8 decoded, line ends LF. */
export function plainTextBody(raw: string): string {
  const end = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, end).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(end + 4);
  const header = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(head)?.[1]?.trim().toLowerCase() ?? "";
  if (!/^text\/plain(; *charset=(utf-8|us-ascii))?$/.test(header("Content-Type"))) {
    throw new Error(`Not a single plain-text UTF-8 part: ${header("Content-Type")}`);
  }
  const encoding = header("Content-Transfer-Encoding");
  let text = body;
  if (encoding === "base64") text = Buffer.from(body, "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const joined = body.replace(/=\r\n/g, "");
    const bytes: number[] = [];
    for (let index = 0; index < joined.length; index++) {
      if (joined[index] === "=") {
        bytes.push(Number.parseInt(joined.slice(index + 1, index + 3), 16));
        index += 2;
      } else bytes.push(joined.charCodeAt(index));
    }
    text = Buffer.from(bytes).toString("utf8");
  }
  return text.replace(/\r\n/g, "\n");
}
