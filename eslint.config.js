import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Unit and integration tests exercise a floor together with what stands on it; nothing ships them. */
const tests = ["**/*.test.ts", "**/*.test.tsx"];

/**
 * The composition roots: the only server files that wire the features in. `server/app.ts` builds
 * the app and hands loaders their context, `server/index.ts` starts it and its periodic jobs, and
 * `server/context.ts` is the type of that context, which names the auth service it carries.
 */
export const compositionRoots = ["server/app.ts", "server/index.ts", "server/context.ts"];

/**
 * The floors, lowest first: `app/domain` and `app/utils` (shared words), `app/content` (the fixed
 * copy), `server/` (the core), `app/components/ui` (primitives), `app/features`,
 * `app/components/site` and `marketing` (page furniture), `app/routes`. A file imports its own
 * floor or lower ones; `import-x/no-cycle` keeps any two files from importing each other.
 */
const floor = (files, ignores, from, message) => ({
  files,
  ignores,
  rules: { "import-x/no-restricted-paths": ["error", { zones: [{ target: "./", from, message }] }] },
});

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "bench/results/", "tests/lint-fixtures/"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": "error",
      // A scrollable region must take focus so a keyboard can scroll it (axe: scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/external-module-folders": ["node_modules"],
      "import-x/ignore": ["node_modules"],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  floor(
    ["app/domain/**", "app/utils/**"],
    [],
    ["./app/content", "./app/features", "./app/routes", "./app/components", "./server"],
    "Shared words are the bottom floor: they import nothing of the app.",
  ),
  floor(
    ["server/**", "app/content/**"],
    [...compositionRoots, ...tests],
    ["./app/features", "./app/routes", "./app/components"],
    "The server core and the fixed copy stand below the features and routes: pass what they need in from a composition root.",
  ),
  floor(["app/features/**"], tests, ["./app/routes"], "Features stand below the routes: move what both need into the feature."),
  floor(
    ["app/components/ui/**"],
    [],
    ["./app/features", "./app/routes", "./app/components/site", "./app/components/marketing", "./server"],
    "The UI kit is the lowest floor of the components: it imports only shared words and other primitives.",
  ),
  {
    // Modules that reach the browser are typed from shared types: a type from a server module or
    // the table file would tie them to code the browser never gets (routes may: their loaders are
    // taken out of the browser's build).
    files: ["app/features/**", "app/components/**", "app/domain/**", "app/utils/**"],
    ignores: ["**/*.server.ts", ...tests],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^#server/|\\.server\\.ts$", message: "Browser code imports no server module, not even its types: move the type to a shared module." }] },
      ],
    },
  },
  { files: ["scripts/**", "tests/**"], rules: { "no-console": "off" } },
);
