import { describe, expect, it } from "vitest";
import { testBackends } from "#tests/support/databases.ts";
import { checkHealth } from "./health.ts";

describe.each(testBackends)("health on $name", (backend) => {
  it("is up while the database answers and down once it cannot", async () => {
    const database = await backend.open();
    try {
      expect(await checkHealth(database)).toEqual({ status: 200, database: "up" });
      await database.close();
      expect(await checkHealth(database)).toEqual({ status: 503, database: "down" });
    } finally {
      await database.dispose();
    }
  });
});
