import { afterEach, vi } from "vitest";

// An error printed during a test is a failure nobody asserted on: fail the test instead.
const consoleError = vi.spyOn(console, "error");

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called:\n${calls.map((args) => args.join(" ")).join("\n")}`);
});
