import type { Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { e2eDataDir } from "../../playwright.config.ts";

/** An `.eml` body as text: quoted-printable soft breaks joined and escapes decoded. */
function decodeQuotedPrintable(mail: string): string {
  return mail.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Emails the e2e server wrote to its outbox folder that mention `text`. */
export function outboxMailsMentioning(text: string): string[] {
  const folder = path.join(e2eDataDir, "outbox");
  let names: string[] = [];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.map((name) => decodeQuotedPrintable(readFileSync(path.join(folder, name), "utf8"))).filter((mail) => mail.includes(text));
}

/** The server counts clients by network address (behind its trusted proxy): make this page a client of its own. */
export async function beOwnClient(page: Page): Promise<void> {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${randomBytes(3).join(".")}` });
}
