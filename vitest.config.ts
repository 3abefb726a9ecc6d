import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{app,server,scripts}/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["./tests/fail-on-console-error.ts"],
  },
});
