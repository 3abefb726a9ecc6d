import { pino, stdSerializers, type DestinationStream, type Logger } from "pino";
import type { Config } from "./config.ts";

export type { Logger };

type LoggedError = Record<string, unknown>;

/**
 * Errors as they are logged, without what a visitor typed: a failed query carries its parameters
 * (a request's name, phone and email) in `params` and again in its message and stack, and a
 * PostgreSQL error may quote the failing row in `detail`. The query itself is kept. Takes an
 * error, or one pino has already serialised (pino-http hands its serialisers those).
 */
export function errorWithoutPersonalData(error: unknown): unknown {
  const logged: unknown = error instanceof Error ? stdSerializers.err(error) : error;
  if (typeof logged !== "object" || logged === null) return logged;
  const rest: LoggedError = { ...(logged as LoggedError) };
  const params = rest.params;
  delete rest.params;
  delete rest.detail;
  if (params === undefined) return rest;
  const quoted = `params: ${String(params)}`;
  const withoutParams = (text: unknown) => (typeof text === "string" ? text.replaceAll(quoted, "params: (not logged)") : text);
  return { ...rest, message: withoutParams(rest.message), stack: withoutParams(rest.stack) };
}

export function createLogger(config: Pick<Config, "mode" | "logLevel">, destination?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    serializers: { err: errorWithoutPersonalData },
    transport: config.mode === "development" && !destination ? { target: "pino-pretty" } : undefined,
  };
  return destination ? pino(options, destination) : pino(options);
}
