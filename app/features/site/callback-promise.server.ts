import { defaultCallbackPromiseMinutes } from "#app/features/service-request/callback-promise.ts";
import type { AppContext } from "#server/context.ts";
import { siteSettings } from "#server/db/schema.ts";
import { callbackPromiseOf } from "./settings.server.ts";

/** The call-back promise in minutes (an admin setting); the default when the database cannot say. */
export async function loadCallbackPromiseMinutes({ db, logger }: Pick<AppContext, "db" | "logger">): Promise<number> {
  try {
    const [row] = await db.select({ minutes: siteSettings.callbackPromiseMinutes }).from(siteSettings).limit(1);
    return callbackPromiseOf(row?.minutes);
  } catch (error) {
    logger.error({ err: error }, "Error loading the call-back promise:");
    return defaultCallbackPromiseMinutes;
  }
}
