import type { Database } from "./db/client.ts";
import type { Logger } from "./logger.ts";

/** What every loader and action receives: routes never import a global connection. */
export interface AppContext {
  db: Database;
  logger: Logger;
  /** Per-response nonce allowing React Router's inline scripts under our Content-Security-Policy. */
  cspNonce: string;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
