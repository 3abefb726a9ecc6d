import { readFile } from "node:fs/promises";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The project's own lint configuration, with nothing ignored, so a fixture can stand anywhere. */
const eslint = new ESLint({ ignore: false });

/** The rules that fired on `code` as if it were the file at `path`. */
async function violations(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

const restricted = (message: string) => ({ ruleId: "import-x/no-restricted-paths", message: expect.stringContaining(message) });

describe("the import floors", () => {
  it("keep the server core and the fixed copy below the features and routes", async () => {
    expect(await violations("server/fixture.ts", 'export { requireAccess } from "#app/features/auth/guard.server.ts";\n')).toEqual([
      restricted("The server core and the fixed copy stand below"),
    ]);
    expect(await violations("app/content/fixture.ts", 'export type { Route } from "#app/routes/+types/home";\nexport { loader } from "#app/routes/home.tsx";\n')).toContainEqual(
      restricted("The server core and the fixed copy stand below"),
    );
  });

  it("let the composition roots wire the features in", async () => {
    const app = await readFile("server/app.ts", "utf8");
    expect(app).toContain("#app/features/");
    expect(await violations("server/app.ts", app)).toEqual([]);
  });

  it("keep the features below the routes, save their tests", async () => {
    const importRoute = 'export { loader } from "#app/routes/home.tsx";\n';
    expect(await violations("app/features/inbox/fixture.ts", importRoute)).toEqual([restricted("Features stand below the routes")]);
    expect(await violations("app/features/inbox/fixture.test.ts", importRoute)).toEqual([]);
  });

  it("keep the UI kit below the features, the page furniture and the server", async () => {
    for (const module of ["#app/features/inbox/filters.ts", "#app/components/site/use-company.ts", "#app/components/marketing/faq.tsx", "#server/config.ts"]) {
      expect(await violations("app/components/ui/fixture.tsx", `export * from "${module}";\n`)).toContainEqual(restricted("The UI kit is the lowest floor"));
    }
    expect(await violations("app/components/ui/fixture.tsx", 'export { mediaSrcSet } from "#app/domain/media.ts";\n')).toEqual([]);
  });

  it("keep the shared words at the bottom", async () => {
    expect(await violations("app/domain/fixture.ts", 'export { defaultCompany } from "#app/content/company.ts";\n')).toEqual([
      restricted("Shared words are the bottom floor"),
    ]);
  });

  it("keep server modules, even their types, out of code that reaches the browser", async () => {
    const serverType = 'export type { LeadFigures } from "#app/features/dashboard/figures.server.ts";\nexport type { Database } from "#server/db/client.ts";\n';
    const refused = { ruleId: "no-restricted-imports", message: expect.stringContaining("Browser code imports no server module") };
    expect(await violations("app/features/dashboard/fixture.tsx", serverType)).toEqual([refused, refused]);
    expect(await violations("app/features/dashboard/fixture.server.ts", serverType)).toEqual([]);
    expect(await violations("app/routes/fixture.tsx", serverType)).toEqual([]);
  });

  it("refuse an import cycle", async () => {
    const code = await readFile("tests/lint-fixtures/cycle-a.ts", "utf8");
    expect(await violations("tests/lint-fixtures/cycle-a.ts", code)).toEqual([{ ruleId: "import-x/no-cycle", message: expect.stringContaining("Dependency cycle") }]);
  });
});
