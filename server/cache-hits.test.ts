import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { countCacheHits } from "./cache-hits.ts";

interface Line {
  level: number;
  msg: string;
  hits?: Record<string, number>;
  seconds?: number;
  req?: { id: string; method: string; path: string };
}

describe("cached pages in the logs", () => {
  let lines: Line[];
  const loggerAt = (level: string) => pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as Line) });

  beforeEach(() => {
    lines = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it("are counted per page and logged once per interval, not once per hit", () => {
    const hits = countCacheHits(loggerAt("info"), { intervalMs: 60_000 });
    for (let hit = 0; hit < 1000; hit++) hits.record(`id-${hit}`, "GET", "/");
    hits.record("id-h", "HEAD", "/water-damage-restoration");
    expect(lines).toEqual([]);

    vi.advanceTimersByTime(60_000);
    expect(lines).toEqual([expect.objectContaining({ level: 30, msg: "cached pages served", hits: { "/": 1000, "/water-damage-restoration": 1 }, seconds: 60 })]);

    // Counted afresh: a quiet minute logs nothing, the next hit is in the next line.
    vi.advanceTimersByTime(60_000);
    hits.record("id-next", "GET", "/");
    vi.advanceTimersByTime(60_000);
    expect(lines.map((line) => line.hits)).toEqual([{ "/": 1000, "/water-damage-restoration": 1 }, { "/": 1 }]);
    hits.stop();
  });

  it("are all logged at shutdown, and never after", () => {
    const hits = countCacheHits(loggerAt("info"), { intervalMs: 60_000 });
    hits.record("id-1", "GET", "/");
    hits.record("id-2", "GET", "/");
    vi.advanceTimersByTime(5_000);
    hits.stop();
    expect(lines).toEqual([expect.objectContaining({ msg: "cached pages served", hits: { "/": 2 }, seconds: 5 })]);
    vi.advanceTimersByTime(120_000);
    expect(lines).toHaveLength(1);
  });

  it("each have their own line with their request id at debug level, and are still counted", () => {
    const hits = countCacheHits(loggerAt("debug"), { intervalMs: 60_000 });
    hits.record("trace-1", "GET", "/");
    expect(lines).toEqual([
      expect.objectContaining({ level: 20, msg: "request completed", req: { id: "trace-1", method: "GET", path: "/" } }),
    ]);
    hits.stop();
    expect(lines[1]).toMatchObject({ msg: "cached pages served", hits: { "/": 1 } });
  });

  it("are not logged at all when the log level leaves info out", () => {
    const hits = countCacheHits(loggerAt("warn"), { intervalMs: 60_000 });
    hits.record("id-1", "GET", "/");
    vi.advanceTimersByTime(60_000);
    hits.stop();
    expect(lines).toEqual([]);
  });
});
