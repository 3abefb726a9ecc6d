import type { DatabaseHandle } from "./db/client.ts";

const healthTimeoutMs = 2_000;

/** Liveness as a load balancer needs it: we are up only while the database answers. */
export async function checkHealth(database: Pick<DatabaseHandle, "ping">): Promise<{ status: 200 | 503; database: "up" | "down" }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("Database ping timed out")), healthTimeoutMs);
  });
  try {
    await Promise.race([database.ping(), timeout]);
    return { status: 200, database: "up" };
  } catch {
    return { status: 503, database: "down" };
  } finally {
    clearTimeout(timer);
  }
}
