import { pino, type Logger } from "pino";
import type { Config } from "./config.ts";

export type { Logger };

export function createLogger(config: Pick<Config, "mode" | "logLevel">): Logger {
  return pino({
    level: config.logLevel,
    transport: config.mode === "development" ? { target: "pino-pretty" } : undefined,
  });
}
