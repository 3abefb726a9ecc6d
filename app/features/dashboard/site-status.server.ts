import type { AppContext } from "#server/context.ts";

/** The dashboard's status card: "Live" only when everything answers, otherwise what is wrong in words. */
export interface SiteStatus {
  live: boolean;
  problems: string[];
  /** Said even when live: no mail server is set up, so emails become files (an honest absence, not a failure). */
  note: string | null;
}

export const siteStatusWords = {
  database: "The database is not answering: new requests cannot be saved, and content and accounts cannot be changed.",
  storage: "The photo and image storage is not answering: photos sent with requests and uploaded images cannot be saved.",
  outbox: "Emails and alerts are not going out: the sender on this server has stopped.",
  mail: "The mail server is not answering: emails wait and are tried again, but nobody receives them until it answers.",
  noMailServer: "No mail server is set up: emails are saved as files on this server and nobody receives them.",
} as const;

/** Asks the database, the storage, the outbox worker and the mail server (each within 2 seconds), and says what it found. */
export async function loadSiteStatus({ siteHealth }: Pick<AppContext, "siteHealth">): Promise<SiteStatus> {
  const health = await siteHealth();
  const problems: string[] = [];
  if (health.database === "down") problems.push(siteStatusWords.database);
  if (health.storage === "down") problems.push(siteStatusWords.storage);
  if (health.outbox === "stopped") problems.push(siteStatusWords.outbox);
  if (health.mail === "down") problems.push(siteStatusWords.mail);
  return { live: problems.length === 0, problems, note: health.mail === "not-configured" ? siteStatusWords.noMailServer : null };
}
