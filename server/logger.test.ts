import { pinoHttp } from "pino-http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { serviceRequests } from "./db/schema.ts";
import { createLogger, errorWithoutPersonalData } from "./logger.ts";

describe.each(testBackends)("a failed query in the logs on $name", (backend) => {
  let database: TestDatabase;
  let lines: string[];
  beforeEach(async () => {
    database = await backend.open();
    lines = [];
  });
  afterEach(() => database.dispose());

  const failedInsert = () =>
    database.db
      .insert(serviceRequests)
      .values({ firstName: "Jane", lastName: "Doe", phone: "(215) 555-0100", email: "jane.doe@example.com", problem: "Water damage", clientHash: "x", status: "no such status" as never })
      .then(
        () => {
          throw new Error("the insert should have failed");
        },
        (error: unknown) => error,
      );

  const logger = () => createLogger({ mode: "production", logLevel: "info" }, { write: (line: string) => void lines.push(line) });

  it.each([
    ["the server's logger", () => logger()],
    // What routes log through: the request's own logger, whose serialisers pino-http wraps.
    ["a request's logger", () => pinoHttp({ logger: logger(), serializers: { err: errorWithoutPersonalData } }).logger],
  ])("keeps the query and the database's reason, and leaves out what the visitor typed, through %s", async (_logger, make) => {
    make().error({ err: await failedInsert() }, "Storing failed");
    const logged = lines.join("");
    expect(logged).toContain('insert into \\"service_requests\\"');
    expect(logged).toContain("params: (not logged)");
    expect(logged).toContain("service_requests_status_known");
    for (const personal of ["Doe", "555-0100", "jane.doe@example.com"]) expect(logged).not.toContain(personal);
  });
});

describe("an error logged from the database driver itself", () => {
  it("leaves out the failing row PostgreSQL quotes in its detail", () => {
    const error = Object.assign(new Error('new row for relation "service_requests" violates check constraint'), {
      code: "23514",
      detail: "Failing row contains (Jane, Doe, (215) 555-0100).",
    });
    expect(errorWithoutPersonalData(error)).toMatchObject({ code: "23514", message: error.message });
    expect(JSON.stringify(errorWithoutPersonalData(error))).not.toContain("Jane");
  });
});
