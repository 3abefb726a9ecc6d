import type { RequestHandler } from "express";
import { createHmac, timingSafeEqual } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import type { DatabaseHandle } from "./db/client.ts";

/** Where `npm run db:backup` asks the running site for a copy of its embedded database. */
export const backupPath = "/internal/backup";
const authorizationLifetimeS = 60;
const sameMachine = /^(?:127\.|::1$|::ffff:127\.)/;

const signature = (secret: string, time: number) => createHmac("sha256", secret).update(`database-backup ${time}`).digest("hex");

/** Proves the caller can read the site's secret, and so its data: the time, signed with the secret. */
export function backupAuthorization(secret: string, now = new Date()): string {
  const time = Math.floor(now.getTime() / 1000);
  return `Backup ${time}.${signature(secret, time)}`;
}

function isAuthorized(header: string | undefined, secret: string, now: Date): boolean {
  const match = /^Backup (\d{1,12})\.([0-9a-f]{64})$/.exec(header ?? "");
  if (!match?.[1] || !match[2]) return false;
  const time = Number(match[1]);
  if (Math.abs(now.getTime() / 1000 - time) > authorizationLifetimeS) return false;
  return timingSafeEqual(Buffer.from(match[2], "hex"), Buffer.from(signature(secret, time), "hex"));
}

/**
 * The running site's half of `npm run db:backup`: PGlite serves one process, so only the process
 * holding it can copy it. Answers only a caller on this machine (the connection's own address,
 * whatever a proxy says) that signed the request with the site's secret; to anyone else the page
 * does not exist.
 */
export function backupEndpoint({ database, secret }: { database: Pick<DatabaseHandle, "dumpFiles">; secret: string }): RequestHandler {
  return async (request, response, next) => {
    const { remoteAddress, localAddress } = request.socket;
    if (!remoteAddress || !(sameMachine.test(remoteAddress) || remoteAddress === localAddress)) return next();
    if (!isAuthorized(request.get("authorization"), secret, new Date())) {
      response.status(403).type("text/plain").send("Not allowed");
      return;
    }
    if (!database.dumpFiles) {
      response.status(409).type("text/plain").send("This site's database is PostgreSQL: back it up with pg_dump.");
      return;
    }
    try {
      const files = await database.dumpFiles();
      response.status(200).set({ "Content-Type": "application/x-tar", "Content-Length": String(files.size), "Cache-Control": "no-store" });
      await pipeline(Readable.fromWeb(files.stream() as ReadableStream<Uint8Array>), response);
    } catch (error) {
      if (response.headersSent) response.destroy();
      else next(error);
    }
  };
}
