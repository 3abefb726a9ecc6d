import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { TLSSocket } from "node:tls";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseSsl } from "../config.ts";
import { postgresBackend, type PostgresTestDatabase } from "#tests/support/databases.ts";
import { openDatabase } from "./client.ts";

/** The rows of a raw query, whichever driver answered it. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.skipIf(!postgresBackend)("PostgreSQL connections", () => {
  let database: PostgresTestDatabase;
  beforeAll(async () => {
    if (!postgresBackend) throw new Error("TEST_DATABASE_URL is not set");
    database = await postgresBackend.open();
  });
  afterAll(() => database.dispose());

  it("bound every statement by the configured timeout, from the first query of every pooled connection", async () => {
    const handle = await openDatabase({ kind: "postgres", url: database.url, statementTimeoutMs: 300 });
    try {
      // More queries at once than one connection: the pool opens several, each with the limit.
      const shown = await Promise.all(Array.from({ length: 4 }, () => handle.db.execute(sql`show statement_timeout`)));
      expect(shown.map((result) => rowsOf<{ statement_timeout: string }>(result)[0]?.statement_timeout)).toEqual(["300ms", "300ms", "300ms", "300ms"]);
      await expect(handle.db.execute(sql`select pg_sleep(1)`)).rejects.toMatchObject({ cause: { code: "57014" } });
    } finally {
      await handle.close();
    }
  });

  it("log a connection that is lost, and carry on with a new one", async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const handle = await openDatabase({ kind: "postgres", url: database.url, statementTimeoutMs: 15_000 }, logger);
    try {
      const [row] = rowsOf<{ pid: number }>(await handle.db.execute(sql`select pg_backend_pid() as pid`));
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query("select pg_terminate_backend($1)", [row?.pid]);
      await admin.end();
      await expect.poll(() => lines.map((line) => [line.level, line.msg])).toEqual([[40, "A PostgreSQL connection was lost; the pool opens another when needed"]]);
      await handle.ping();
    } finally {
      await handle.close();
    }
  });
});

/**
 * PostgreSQL's TLS, in front of the test server: answers the client's SSLRequest with yes, then
 * speaks TLS with the given certificate and passes what is inside to the real server. A client
 * that does not ask for TLS is hung up on, as a server allowing only `hostssl` would.
 */
async function startTlsFront(upstream: URL, key: string, cert: string): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    socket.once("data", (first: Buffer) => {
      const sslRequest = first.length === 8 && first.readInt32BE(4) === 80877103;
      if (!sslRequest) return void socket.destroy();
      socket.write("S");
      const secure = new TLSSocket(socket, { isServer: true, key, cert });
      const database: Socket = connect(Number(upstream.port || 5432), upstream.hostname);
      secure.pipe(database).pipe(secure);
      const close = () => {
        secure.destroy();
        database.destroy();
      };
      secure.on("error", close).on("close", close);
      database.on("error", close).on("close", close);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as { port: number }).port };
}

describe.skipIf(!postgresBackend)("TLS to PostgreSQL (DATABASE_SSL)", () => {
  let database: PostgresTestDatabase;
  let directory: string;
  let front: { server: Server; port: number };
  let ca: string;
  let otherCa: string;

  beforeAll(async () => {
    if (!postgresBackend) throw new Error("TEST_DATABASE_URL is not set");
    database = await postgresBackend.open();
    directory = mkdtempSync(path.join(tmpdir(), "pg-tls-"));
    // Self-signed, naming the host `localhost` only: reached as 127.0.0.1, the name does not match.
    const makeCertificate = (name: string) => {
      execFileSync("openssl", [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
        "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
        "-keyout", path.join(directory, `${name}.key`), "-out", path.join(directory, `${name}.crt`),
      ], { stdio: "ignore" });
      return { key: readFileSync(path.join(directory, `${name}.key`), "utf8"), cert: readFileSync(path.join(directory, `${name}.crt`), "utf8") };
    };
    const server = makeCertificate("server");
    ca = server.cert;
    otherCa = makeCertificate("other").cert;
    front = await startTlsFront(new URL(database.url), server.key, server.cert);
  });

  afterAll(async () => {
    front.server.close();
    rmSync(directory, { recursive: true, force: true });
    await database.dispose();
  });

  /** Opens the test database through the TLS front, reached by `host`, and asks it whether TLS is on. */
  async function connectThrough(host: string, ssl: DatabaseSsl): Promise<boolean> {
    const url = new URL(database.url);
    url.hostname = host;
    url.port = String(front.port);
    const handle = await openDatabase({ kind: "postgres", url: url.toString(), ssl });
    try {
      return rowsOf<{ ok: number }>(await handle.db.execute(sql`select 1 as ok`))[0]?.ok === 1;
    } finally {
      await handle.close();
    }
  }

  it("require: connects when the certificate chains to the given CA and names the host", async () => {
    expect(await connectThrough("localhost", { mode: "require", ca })).toBe(true);
  });

  it("require: refuses a certificate no public CA signed, and one naming another host", async () => {
    await expect(connectThrough("localhost", { mode: "require", ca: undefined })).rejects.toThrow(/self-signed certificate/);
    await expect(connectThrough("127.0.0.1", { mode: "require", ca })).rejects.toThrow(/does not match certificate's altnames/);
  });

  it("verify-ca: connects whatever host the certificate names, and refuses one another CA signed", async () => {
    expect(await connectThrough("127.0.0.1", { mode: "verify-ca", ca })).toBe(true);
    await expect(connectThrough("127.0.0.1", { mode: "verify-ca", ca: otherCa })).rejects.toThrow(/self-signed certificate/);
  });

  it("no-verify: encrypts without checking the certificate; off does not ask for TLS at all", async () => {
    expect(await connectThrough("127.0.0.1", { mode: "no-verify" })).toBe(true);
    await expect(connectThrough("127.0.0.1", { mode: "off" })).rejects.toThrow();
  });
});
