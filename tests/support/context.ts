import { pino } from "pino";
import type { AppLoadContext } from "react-router";
import type { Auth } from "#app/features/auth/auth.server.ts";
import { maxPhotoPixels } from "#app/features/service-request/intake.server.ts";
import type { Database } from "#server/db/client.ts";
import { sql } from "drizzle-orm";
import { createReadinessCheck, createSiteHealthCheck } from "#server/health.ts";
import { createHeicPreviewMaker } from "#server/heic-previews.ts";
import type { ObjectStorage } from "#server/storage.ts";
import { testPublicUrl } from "./staff.ts";

/** The secret tests sign form start stamps with (see `formStartAgo`). */
/** A fixed VAPID pair for tests (never used anywhere else). */
export const testVapidKeys = {
  publicKey: "BHC3iHRzB_XMDq0DOfWfkzyTxi5cDsktP7j3ZHfQBiRb7-MXaU_J7OuYi6UADJ0cnN_0OIzieuolyEnM9ubOG38",
  privateKey: "rTU94QKMv7m-KuX0PYSYRYwnxoFesSn1XGfGlGS6JdE",
  subject: "mailto:office@serviceready.example",
};

export const testFormStartSecret = "test-form-start-secret-of-at-least-32-characters";

/** Starts its worker only when a test decodes a HEIC photo; an idle worker does not keep the tests running. */
const heicPreviews = createHeicPreviewMaker({ maxPixels: maxPhotoPixels });

/** The load context the server hands every route, for calling loaders and actions directly in tests. */
export function testContext(
  db: Database,
  auth: Auth,
  { storage, clientId, ...rest }: { storage: ObjectStorage; clientId: string } & Partial<AppLoadContext>,
): AppLoadContext {
  const logger = pino({ level: "silent" });
  // The real checks, on the test's own database and storage; the outbox worker counts as running, and no mail server is set up.
  const readiness = createReadinessCheck({
    database: { ping: async () => void (await db.execute(sql`select 1`)) },
    storage,
    outboxRunning: () => true,
    logger,
  });
  return {
    db,
    auth,
    logger,
    siteHealth: createSiteHealthCheck({ readiness, checkMail: () => Promise.resolve(), mailConfigured: false }),
    storage,
    heicPreviews,
    notifyOutbox: () => {},
    vapidPublicKey: testVapidKeys.publicKey,
    mailDelivery: "file",
    webhookEnabled: false,
    publicUrl: testPublicUrl,
    clientId,
    formStartSecret: testFormStartSecret,
    ...rest,
  };
}
