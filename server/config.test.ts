import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.ts";

const directories: string[] = [];
function temporaryDataDir() {
  const directory = mkdtempSync(path.join(tmpdir(), "config-test-"));
  directories.push(directory);
  return directory;
}
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe("parseConfig", () => {
  it("uses the embedded defaults when nothing is set", () => {
    const dataDir = temporaryDataDir();
    const config = parseConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      mode: "production",
      port: 3000,
      host: "0.0.0.0",
      publicUrl: "http://localhost:3000",
      https: false,
      databaseUrl: undefined,
      dataDir,
      smtpUrl: undefined,
      mailFrom: "Service Ready Restoration <office@serviceready.example>",
    });
  });

  it("generates the session secret once and keeps it in the data folder", () => {
    const dataDir = temporaryDataDir();
    const first = parseConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(first);
    expect(parseConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  it("generates the push keys once into the data folder, signed in the sender's name unless VAPID_SUBJECT says", () => {
    const dataDir = temporaryDataDir();
    const first = parseConfig({ DATA_DIR: dataDir, MAIL_FROM: "Office <office@restoration.example>" }).vapid;
    expect(first).toEqual({ publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/), privateKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), subject: "mailto:office@restoration.example" });
    expect(parseConfig({ DATA_DIR: dataDir, VAPID_SUBJECT: "https://restoration.example" }).vapid).toEqual({ ...first, subject: "https://restoration.example" });
  });

  it("takes the push keys from the environment, both or neither, and leaves push off on PostgreSQL in production without them", () => {
    const pair = { VAPID_PUBLIC_KEY: `B${"a".repeat(86)}`, VAPID_PRIVATE_KEY: "k".repeat(43) };
    const dataDir = temporaryDataDir();
    expect(parseConfig({ DATA_DIR: dataDir, ...pair }).vapid).toMatchObject({ publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY });
    expect(() => parseConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow("VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither");
    expect(() => parseConfig({ DATA_DIR: dataDir, ...pair, VAPID_PRIVATE_KEY: "short" })).toThrow(/VAPID_PRIVATE_KEY: must be the URL-safe base64 private key/);
    expect(() => parseConfig({ DATA_DIR: dataDir, VAPID_SUBJECT: "office@example.com" })).toThrow(/VAPID_SUBJECT: must be mailto:/);
    const postgres = { DATA_DIR: dataDir, NODE_ENV: "production", DATABASE_URL: "postgres://db.example/site", SESSION_SECRET: "s".repeat(40) };
    expect(parseConfig(postgres).vapid).toBeUndefined();
    expect(parseConfig({ ...postgres, ...pair }).vapid).toMatchObject({ publicKey: pair.VAPID_PUBLIC_KEY });
  });

  it("reads every variable", () => {
    const config = parseConfig({
      NODE_ENV: "test",
      PORT: "8080",
      HOST: "127.0.0.1",
      PUBLIC_URL: "https://www.example.com/",
      DATABASE_URL: "postgres://user:pass@db.internal:5432/site",
      DATA_DIR: temporaryDataDir(),
      SMTP_URL: "smtp://mail.internal:587",
      MAIL_FROM: "Restoration Office <desk@restoration.example>",
      SESSION_SECRET: "x".repeat(40),
    });
    expect(config).toMatchObject({
      mode: "test",
      port: 8080,
      host: "127.0.0.1",
      publicUrl: "https://www.example.com",
      https: true,
      databaseUrl: "postgres://user:pass@db.internal:5432/site",
      smtpUrl: "smtp://mail.internal:587",
      mailFrom: "Restoration Office <desk@restoration.example>",
      sessionSecret: "x".repeat(40),
    });
  });

  it("trusts no proxy unless TRUST_PROXY says, even behind https on every interface", () => {
    const dataDir = temporaryDataDir();
    expect(parseConfig({ DATA_DIR: dataDir }).trustProxyHops).toBe(0);
    const https = parseConfig({ DATA_DIR: dataDir, PUBLIC_URL: "https://www.example.com" });
    expect(https.host).toBe("0.0.0.0");
    expect(https.trustProxyHops).toBe(0);
    expect(parseConfig({ DATA_DIR: dataDir, PUBLIC_URL: "https://www.example.com", TRUST_PROXY: "" }).trustProxyHops).toBe(0);
    expect(parseConfig({ DATA_DIR: dataDir, PUBLIC_URL: "https://www.example.com", TRUST_PROXY: "2" }).trustProxyHops).toBe(2);
    expect(parseConfig({ DATA_DIR: dataDir, TRUST_PROXY: "1" }).trustProxyHops).toBe(1);
  });

  it("treats empty values as unset", () => {
    const config = parseConfig({ DATA_DIR: temporaryDataDir(), DATABASE_URL: "", SMTP_URL: " ", MAIL_FROM: "", PORT: "4000" });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe("Service Ready Restoration <office@serviceready.example>");
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["PUBLIC_URL", "ftp://example.com"],
    ["PUBLIC_URL", "not a url"],
    ["DATABASE_URL", "mysql://localhost/site"],
    ["SMTP_URL", "http://mail.example.com"],
    ["MAIL_FROM", "Office <not an address>"],
    ["MAIL_FROM", "office at example.com"],
    ["SESSION_SECRET", "too-short"],
    ["NODE_ENV", "staging"],
    ["LOG_LEVEL", "loud"],
    ["TRUST_PROXY", "-1"],
    ["TRUST_PROXY", "many"],
    ["TRUST_PROXY", "11"],
    ["S3_ENDPOINT", "ftp://s3.example.com"],
    ["S3_FORCE_PATH_STYLE", "yes"],
    ["S3_PREFIX", "../up"],
    ["DATABASE_SSL", "true"],
    ["DATABASE_SSL", "verify-full"],
    ["DATABASE_STATEMENT_TIMEOUT_MS", "15s"],
    ["DATABASE_STATEMENT_TIMEOUT_MS", "-1"],
    ["DATABASE_STATEMENT_TIMEOUT_MS", "3600001"],
    ["OUTBOX_KEEP_SENT_DAYS", "0"],
    ["OUTBOX_KEEP_SENT_DAYS", "a month"],
  ])("refuses a bad %s (%s) and names the variable", (variable, value) => {
    const parse = () => parseConfig({ DATA_DIR: temporaryDataDir(), [variable]: value });
    expect(parse).toThrow(ConfigError);
    expect(parse).toThrow(new RegExp(`^Invalid configuration:\\n\\s+${variable}: `));
  });

  it("keeps delivered messages' content 30 days unless OUTBOX_KEEP_SENT_DAYS says", () => {
    expect(parseConfig({ DATA_DIR: temporaryDataDir() }).outboxKeepSentDays).toBe(30);
    expect(parseConfig({ DATA_DIR: temporaryDataDir(), OUTBOX_KEEP_SENT_DAYS: "90" }).outboxKeepSentDays).toBe(90);
  });

  it("runs one server process unless WEB_CONCURRENCY says, and several only in production on PostgreSQL", () => {
    expect(parseConfig({ DATA_DIR: temporaryDataDir() }).processes).toBe(1);
    const onPostgres = { NODE_ENV: "production", DATABASE_URL: "postgres://localhost/site", SESSION_SECRET: "s".repeat(32) };
    expect(parseConfig({ DATA_DIR: temporaryDataDir(), ...onPostgres, WEB_CONCURRENCY: "2" }).processes).toBe(2);
    expect(() => parseConfig({ DATA_DIR: temporaryDataDir(), WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY: above 1 only in production with DATABASE_URL \(the embedded database lives in one process\)/,
    );
    expect(() => parseConfig({ DATA_DIR: temporaryDataDir(), ...onPostgres, NODE_ENV: "development", WEB_CONCURRENCY: "2" })).toThrow(/WEB_CONCURRENCY/);
    expect(() => parseConfig({ DATA_DIR: temporaryDataDir(), WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY: /);
    expect(() => parseConfig({ DATA_DIR: temporaryDataDir(), WEB_CONCURRENCY: "two" })).toThrow(/WEB_CONCURRENCY: must be a whole number of processes/);
  });

  it("accepts a bare address as MAIL_FROM", () => {
    expect(parseConfig({ DATA_DIR: temporaryDataDir(), MAIL_FROM: "desk@restoration.example" }).mailFrom).toBe(
      "desk@restoration.example",
    );
  });

  it("requires a shared SESSION_SECRET for production on PostgreSQL", () => {
    expect(() =>
      parseConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://localhost/site", DATA_DIR: temporaryDataDir() }),
    ).toThrow(/SESSION_SECRET: required in production/);
  });

  it("turns the webhook on with a URL and its secret, and refuses a URL without a secret", () => {
    const dataDir = temporaryDataDir();
    expect(parseConfig({ DATA_DIR: dataDir }).webhook).toBeUndefined();
    expect(parseConfig({ DATA_DIR: dataDir, WEBHOOK_URL: "https://crm.example/hooks/leads", WEBHOOK_SECRET: "s".repeat(32) }).webhook).toEqual({
      url: "https://crm.example/hooks/leads",
      secret: "s".repeat(32),
    });
    expect(() => parseConfig({ DATA_DIR: dataDir, WEBHOOK_URL: "https://crm.example/hooks/leads" })).toThrow(/WEBHOOK_SECRET: required with WEBHOOK_URL/);
    expect(() => parseConfig({ DATA_DIR: dataDir, WEBHOOK_URL: "ftp://crm.example", WEBHOOK_SECRET: "s".repeat(32) })).toThrow(/WEBHOOK_URL: /);
    expect(() => parseConfig({ DATA_DIR: dataDir, WEBHOOK_URL: "https://crm.example", WEBHOOK_SECRET: "short" })).toThrow(/WEBHOOK_SECRET: /);
  });

  it("keeps uploads in DATA_DIR/uploads unless an S3 bucket is set", () => {
    const dataDir = temporaryDataDir();
    expect(parseConfig({ DATA_DIR: dataDir }).storage).toEqual({ driver: "folder", directory: path.join(dataDir, "uploads") });
    expect(parseConfig({ DATA_DIR: dataDir, S3_BUCKET: "photos" }).storage).toEqual({
      driver: "s3",
      bucket: "photos",
      region: "us-east-1",
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      prefix: "",
    });
  });

  it("reads every S3 variable", () => {
    const storage = parseConfig({
      DATA_DIR: temporaryDataDir(),
      S3_BUCKET: "photos",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "eu-west-1",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_PREFIX: "site/",
    }).storage;
    expect(storage).toEqual({
      driver: "s3",
      bucket: "photos",
      region: "eu-west-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      prefix: "site/",
    });
  });

  it("refuses half an S3 key pair, and S3 settings without a bucket", () => {
    const dataDir = temporaryDataDir();
    expect(() => parseConfig({ DATA_DIR: dataDir, S3_BUCKET: "photos", S3_ACCESS_KEY_ID: "key" })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither/,
    );
    expect(() => parseConfig({ DATA_DIR: dataDir, S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      /S3_BUCKET: required when S3_ENDPOINT is set/,
    );
  });

  describe("PostgreSQL connections", () => {
    const url = "postgres://site:secret@db.internal:5432/restoration";
    const withDatabase = (settings: Record<string, string>) => parseConfig({ DATA_DIR: temporaryDataDir(), NODE_ENV: "test", DATABASE_URL: url, ...settings });
    function caFile(contents = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n") {
      const file = path.join(temporaryDataDir(), "ca.pem");
      writeFileSync(file, contents);
      return file;
    }

    it("use no TLS and a 15 s statement timeout unless told otherwise", () => {
      expect(withDatabase({})).toMatchObject({ databaseSsl: { mode: "off" }, databaseStatementTimeoutMs: 15_000 });
      expect(withDatabase({ DATABASE_STATEMENT_TIMEOUT_MS: "5000" }).databaseStatementTimeoutMs).toBe(5_000);
      expect(withDatabase({ DATABASE_STATEMENT_TIMEOUT_MS: "0" }).databaseStatementTimeoutMs).toBe(0);
    });

    it("read each TLS mode, with the CA file's contents where one is given", () => {
      const file = caFile();
      const pem = readFileSync(file, "utf8");
      expect(withDatabase({ DATABASE_SSL: "require" }).databaseSsl).toEqual({ mode: "require", ca: undefined });
      expect(withDatabase({ DATABASE_SSL: "require", DATABASE_SSL_CA: file }).databaseSsl).toEqual({ mode: "require", ca: pem });
      expect(withDatabase({ DATABASE_SSL: "verify-ca", DATABASE_SSL_CA: file }).databaseSsl).toEqual({ mode: "verify-ca", ca: pem });
      expect(withDatabase({ DATABASE_SSL: "no-verify" }).databaseSsl).toEqual({ mode: "no-verify" });
      expect(withDatabase({ DATABASE_SSL: "off" }).databaseSsl).toEqual({ mode: "off" });
    });

    it("refuse TLS settings in the URL, which pg and libpq read differently", () => {
      expect(() => withDatabase({ DATABASE_URL: `${url}?sslmode=require` })).toThrow(
        /^Invalid configuration:\n\s+DATABASE_URL: remove sslmode from the URL and set DATABASE_SSL \(and DATABASE_SSL_CA\) instead$/,
      );
      expect(() => withDatabase({ DATABASE_URL: `${url}?ssl=true&sslrootcert=/etc/ca.pem` })).toThrow(/DATABASE_URL: remove ssl, sslrootcert from the URL/);
      expect(withDatabase({ DATABASE_URL: `${url}?application_name=site` }).databaseUrl).toBe(`${url}?application_name=site`);
    });

    it("refuse a CA that is missing, unreadable as PEM, or given where it is not used", () => {
      expect(() => withDatabase({ DATABASE_SSL: "verify-ca" })).toThrow(/DATABASE_SSL_CA: required with DATABASE_SSL=verify-ca/);
      expect(() => withDatabase({ DATABASE_SSL: "require", DATABASE_SSL_CA: "/no/such/ca.pem" })).toThrow(/DATABASE_SSL_CA: cannot read \/no\/such\/ca.pem \(ENOENT\)/);
      expect(() => withDatabase({ DATABASE_SSL: "require", DATABASE_SSL_CA: caFile("not a certificate") })).toThrow(/DATABASE_SSL_CA: .* holds no PEM certificate/);
      expect(() => withDatabase({ DATABASE_SSL: "no-verify", DATABASE_SSL_CA: caFile() })).toThrow(/DATABASE_SSL_CA: only with DATABASE_SSL=require or verify-ca/);
      expect(() => withDatabase({ DATABASE_SSL_CA: caFile() })).toThrow(/DATABASE_SSL_CA: only with/);
    });

    it("refuse TLS settings without a database to use them for", () => {
      expect(() => parseConfig({ DATA_DIR: temporaryDataDir(), DATABASE_SSL: "require" })).toThrow(/DATABASE_URL: required when DATABASE_SSL or DATABASE_SSL_CA is set/);
    });
  });
});
