import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { heroContent } from "#server/db/schema.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { bumpContentVersion, readContentVersion } from "./content-version.server.ts";

describe.each(testBackends)("content version on $name", (backend) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await backend.open();
  });
  afterEach(() => database.dispose());

  it("starts at 1 and rises by one with each save", async () => {
    expect(await readContentVersion(database.db)).toBe(1);
    expect(await bumpContentVersion(database.db)).toBe(2);
    expect(await readContentVersion(database.db)).toBe(2);
  });

  it("rolls back with the save it belongs to", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await bumpContentVersion(tx);
        await tx.insert(heroContent).values({ id: 2, title: "", subtitle: "", description: "", buttonText: "" });
      }),
    ).rejects.toThrow();
    expect(await readContentVersion(database.db)).toBe(1);
  });
});
