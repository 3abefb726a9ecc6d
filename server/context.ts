import type { Auth } from "#app/features/auth/auth.server.ts";
import type { Database } from "./db/client.ts";
import type { SiteHealth } from "./health.ts";
import type { HeicPreviewMaker } from "./heic-previews.ts";
import type { Logger } from "./logger.ts";
import type { MailChannel } from "./mail.ts";
import type { ObjectStorage } from "./storage.ts";

/** What every loader and action receives: routes never import a global connection. */
export interface AppContext {
  db: Database;
  /** Staff accounts and sessions. */
  auth: Auth;
  logger: Logger;
  storage: ObjectStorage;
  /** Makes the previews of HEIC photos off the event loop. */
  heicPreviews: HeicPreviewMaker;
  /** Wakes the outbox worker after a transaction queued messages. */
  notifyOutbox: () => void;
  /** The key staff devices subscribe to push alerts with (VAPID, public); null when push alerts are not set up. */
  vapidPublicKey: string | null;
  /** Whether the database, storage, outbox worker and mail server answer, for the dashboard's status card. */
  siteHealth: () => Promise<SiteHealth>;
  /** Where emails go: a mail server (SMTP_URL is set), or only files on this server, which nobody receives. */
  mailDelivery: MailChannel;
  /** Whether new requests are also queued for the outgoing webhook (WEBHOOK_URL is set). */
  webhookEnabled: boolean;
  /** The site's public address, for links in emails. */
  publicUrl: string;
  /** Keyed hash of this request's network address: counts per client without keeping the address. */
  clientId: string;
  /** Signs the request forms' start stamps, so the spam check runs on the server's clock. */
  formStartSecret: string;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
