import { defineConfig } from "vitest/config";

/** `npm run test:reliability`: real processes, one test at a time, bounded in count and time. */
export default defineConfig({
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
    reporters: ["verbose"],
  },
});
