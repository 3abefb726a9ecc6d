import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webPush from "web-push";
import { z } from "zod";
import { privateFolderMode } from "./private-files.ts";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** `office@example.com` or `Some Name <office@example.com>`. */
const mailboxPattern = /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalString.pipe(z.string().default("0.0.0.0")),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  TRUST_PROXY: optionalString.pipe(
    z.string().regex(/^\d+$/, "must be a whole number of proxies").transform(Number).pipe(z.number().max(10)).optional(),
  ),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATABASE_SSL: optionalString.pipe(
    z.enum(["off", "require", "verify-ca", "no-verify"], { error: "must be off, require, verify-ca or no-verify" }).default("off"),
  ),
  DATABASE_SSL_CA: optionalString,
  DATABASE_STATEMENT_TIMEOUT_MS: optionalString.pipe(
    z.string().regex(/^\d+$/, "must be a whole number of milliseconds (0: no limit)").transform(Number).pipe(z.number().max(3_600_000)).default(15_000),
  ),
  DATA_DIR: optionalString.pipe(z.string().default("./data")),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optionalString.pipe(
    z
      .string()
      .regex(mailboxPattern, "must be an address, e.g. office@example.com or Name <office@example.com>")
      .default("Service Ready Restoration <office@serviceready.example>"),
  ),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  WEBHOOK_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  WEBHOOK_SECRET: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  WEB_CONCURRENCY: optionalString.pipe(
    z.string().regex(/^\d+$/, "must be a whole number of processes").transform(Number).pipe(z.number().min(1).max(64)).default(1),
  ),
  OUTBOX_KEEP_SENT_DAYS: optionalString.pipe(
    z.string().regex(/^\d+$/, "must be a whole number of days").transform(Number).pipe(z.number().min(1).max(3650)).default(30),
  ),
  VAPID_PUBLIC_KEY: optionalString.pipe(
    z.string().regex(/^[A-Za-z0-9_-]{87}$/, "must be the URL-safe base64 public key (87 characters), e.g. from npx web-push generate-vapid-keys").optional(),
  ),
  VAPID_PRIVATE_KEY: optionalString.pipe(
    z.string().regex(/^[A-Za-z0-9_-]{43}$/, "must be the URL-safe base64 private key (43 characters), e.g. from npx web-push generate-vapid-keys").optional(),
  ),
  VAPID_SUBJECT: optionalString.pipe(
    z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be mailto:someone@example.com or an https:// address").optional(),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: optionalString.pipe(z.string().default("us-east-1")),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: optionalString.pipe(z.enum(["true", "false"], { error: "must be true or false" }).optional()),
  S3_PREFIX: optionalString.pipe(
    z.string().regex(/^[a-z0-9][a-z0-9/_-]*\/$/i, "must be letters, digits, - _ / and end with /, e.g. uploads/").optional(),
  ),
});

/**
 * TLS to PostgreSQL. `require`: encrypted, the server's certificate must chain to a trusted CA
 * (Node's public list, or `ca` when given) and name the host. `verify-ca`: chained to `ca`, the host
 * name not checked. `no-verify`: encrypted, the certificate not checked at all.
 */
export type DatabaseSsl =
  | { mode: "off" }
  | { mode: "require"; ca: string | undefined }
  | { mode: "verify-ca"; ca: string }
  | { mode: "no-verify" };

/** Where uploads go: a folder under DATA_DIR (default) or an S3-compatible bucket. */
export type StorageConfig =
  | { driver: "folder"; directory: string }
  | {
      driver: "s3";
      bucket: string;
      region: string;
      /** Unset: AWS itself. Set for any other S3-compatible service. */
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** Unset: the AWS SDK's usual chain (AWS_* variables, instance or task role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      /** Put before every key, so one bucket can serve several sites. */
      prefix: string;
    };

export interface Config {
  mode: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  /** Behind HTTPS: turns on HSTS and Secure cookies. */
  https: boolean;
  /** How many proxies in front of us to believe about the client's address (X-Forwarded-For). */
  trustProxyHops: number;
  databaseUrl: string | undefined;
  databaseSsl: DatabaseSsl;
  /** Longest a PostgreSQL statement may run before the server cancels it; 0: no limit. */
  databaseStatementTimeoutMs: number;
  dataDir: string;
  smtpUrl: string | undefined;
  /** The sender of every email, e.g. `Name <address@example.com>`. */
  mailFrom: string;
  sessionSecret: string;
  /** Where every new request is POSTed, signed with the secret; unset: no webhook. */
  webhook: { url: string; secret: string } | undefined;
  /** Days a delivered message keeps its content (see `pruneExpired`). */
  outboxKeepSentDays: number;
  /** Server processes sharing the port (`cluster`), each a full instance; above 1 only on PostgreSQL (decision 21). */
  processes: number;
  /**
   * Signs push alerts to staff devices (VAPID, RFC 8292); the same on every instance. Unset in
   * production with DATABASE_URL and no VAPID keys: keys made per instance would not match, so
   * push alerts are off (the start log and the Alerts page say so).
   */
  vapid: VapidKeys | undefined;
  logLevel: z.infer<typeof environmentSchema>["LOG_LEVEL"];
  storage: StorageConfig;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who push services may contact about our pushes. */
  subject: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment once; every problem names its variable so an operator can fix it. */
export function parseConfig(environment: Record<string, string | undefined>): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SESSION_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  SESSION_SECRET: required in production with DATABASE_URL (every instance must share it)",
    );
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new ConfigError("Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither");
  }
  if (env.WEBHOOK_URL && !env.WEBHOOK_SECRET) {
    throw new ConfigError("Invalid configuration:\n  WEBHOOK_SECRET: required with WEBHOOK_URL (the receiver checks the signature with it)");
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither");
  }
  if (env.WEB_CONCURRENCY > 1 && (!env.DATABASE_URL || env.NODE_ENV === "development")) {
    throw new ConfigError(
      "Invalid configuration:\n  WEB_CONCURRENCY: above 1 only in production with DATABASE_URL (the embedded database lives in one process)",
    );
  }
  const databaseSsl = parseDatabaseSsl(env);
  const s3Only = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_FORCE_PATH_STYLE", "S3_PREFIX"] as const;
  const strayS3 = s3Only.filter((name) => env[name] !== undefined);
  if (!env.S3_BUCKET && strayS3.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  S3_BUCKET: required when ${strayS3.join(", ")} is set`);
  }
  const storage: StorageConfig = env.S3_BUCKET
    ? {
        driver: "s3",
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        // Most S3-compatible servers (MinIO, Ceph, local test servers) want the bucket in the path.
        forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === "true" : Boolean(env.S3_ENDPOINT),
        credentials:
          env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
            : undefined,
        prefix: env.S3_PREFIX ?? "",
      }
    : { driver: "folder", directory: path.join(dataDir, "uploads") };
  return {
    mode: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    https: publicUrl.startsWith("https://"),
    // Never guessed: with HOST on every interface a visitor reaching us directly could write X-Forwarded-For.
    trustProxyHops: env.TRUST_PROXY ?? 0,
    databaseUrl: env.DATABASE_URL,
    databaseSsl,
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    dataDir,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    sessionSecret: env.SESSION_SECRET ?? readOrCreateSessionSecret(dataDir),
    webhook: env.WEBHOOK_URL && env.WEBHOOK_SECRET ? { url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET } : undefined,
    outboxKeepSentDays: env.OUTBOX_KEEP_SENT_DAYS,
    processes: env.WEB_CONCURRENCY,
    vapid: vapidKeysOf(env, dataDir),
    logLevel: env.LOG_LEVEL,
    storage,
  };
}

/** URL parameters `pg` would read as TLS settings, overriding DATABASE_SSL. */
const urlTlsParameters = ["ssl", "sslmode", "sslrootcert", "sslcert", "sslkey", "sslnegotiation", "uselibpqcompat"];

/**
 * TLS is set in one place: `pg` reads `sslmode=require` in a URL as full verification, unlike
 * libpq, so a URL carrying it means different things to different tools and is refused.
 */
function parseDatabaseSsl(env: z.output<typeof environmentSchema>): DatabaseSsl {
  const invalid = (message: string) => new ConfigError(`Invalid configuration:\n  ${message}`);
  const { DATABASE_URL: url, DATABASE_SSL: mode, DATABASE_SSL_CA: caFile } = env;
  const inUrl = url ? urlTlsParameters.filter((name) => new URL(url).searchParams.has(name)) : [];
  if (inUrl.length > 0) {
    throw invalid(`DATABASE_URL: remove ${inUrl.join(", ")} from the URL and set DATABASE_SSL (and DATABASE_SSL_CA) instead`);
  }
  if (!url && (mode !== "off" || caFile)) throw invalid("DATABASE_URL: required when DATABASE_SSL or DATABASE_SSL_CA is set");
  if (caFile && mode !== "require" && mode !== "verify-ca") throw invalid("DATABASE_SSL_CA: only with DATABASE_SSL=require or verify-ca");
  let ca: string | undefined;
  try {
    ca = caFile === undefined ? undefined : readFileSync(caFile, "utf8");
  } catch (error) {
    throw invalid(`DATABASE_SSL_CA: cannot read ${caFile} (${(error as NodeJS.ErrnoException).code})`);
  }
  if (ca !== undefined && !ca.includes("-----BEGIN CERTIFICATE-----")) throw invalid(`DATABASE_SSL_CA: ${caFile} holds no PEM certificate`);
  if (mode === "verify-ca") {
    if (ca === undefined) throw invalid("DATABASE_SSL_CA: required with DATABASE_SSL=verify-ca (the CA to check the server against)");
    return { mode, ca };
  }
  return mode === "require" ? { mode, ca } : { mode };
}

function vapidKeysOf(env: z.output<typeof environmentSchema>, dataDir: string): VapidKeys | undefined {
  const subject = env.VAPID_SUBJECT ?? `mailto:${mailboxAddress(env.MAIL_FROM)}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  if (env.NODE_ENV === "production" && env.DATABASE_URL) return undefined;
  return { ...readOrCreateVapidKeys(dataDir), subject };
}

/** `office@example.com` out of `Name <office@example.com>`. */
function mailboxAddress(mailbox: string): string {
  return /<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox;
}

/** A file in DATA_DIR made once by `make` and read back on every start after (by whichever process wrote it first). */
function readOrCreate(dataDir: string, name: string, make: () => string): string {
  const file = path.join(dataDir, name);
  try {
    return readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: privateFolderMode });
  const made = make();
  try {
    writeFileSync(file, made, { mode: 0o600, flag: "wx" });
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
}

/** The embedded default keeps a generated secret beside its data, so sessions survive restarts. */
function readOrCreateSessionSecret(dataDir: string): string {
  return readOrCreate(dataDir, "session-secret", () => randomBytes(32).toString("hex"));
}

/** Likewise its push keys: a new pair would silence every device that subscribed with the old one. */
function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const stored = readOrCreate(dataDir, "vapid-keys.json", () => JSON.stringify(webPush.generateVAPIDKeys()));
  return JSON.parse(stored) as { publicKey: string; privateKey: string };
}
