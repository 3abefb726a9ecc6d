import { describe, expect, it } from "vitest";
import { filterMessages, inboxQuery, isFiltered, readInboxFilter, searchMaxLength } from "./filters.ts";

const read = (query: string) => readInboxFilter(new URLSearchParams(query));

describe("the inbox's filter in the address bar", () => {
  it("reads every filter, and writes the same query back", () => {
    const query = "status=contacted&problem=Water+damage&source=phone&assignee=me&urgent=1&overdue=1&from=2026-11-01&to=2026-11-30&q=ambler&page=2";
    const { filter, problems } = read(query);
    expect(problems).toEqual([]);
    expect(filter).toEqual({
      status: "contacted",
      problem: "Water damage",
      source: "phone",
      assignee: "me",
      urgent: true,
      overdue: true,
      from: "2026-11-01",
      to: "2026-11-30",
      q: "ambler",
      page: 2,
    });
    expect(inboxQuery(filter, { page: 2 })).toBe(query);
    expect(isFiltered(filter)).toBe(true);
  });

  it("reads a person as an account id, and unassigned as none", () => {
    expect(read("assignee=AbC_123-x").filter.assignee).toEqual({ id: "AbC_123-x" });
    expect(read("assignee=none").filter.assignee).toBe("none");
    expect(inboxQuery(read("assignee=AbC_123-x").filter)).toBe("assignee=AbC_123-x");
  });

  it("ignores unknown choices and starts from page 1 when a filter changes", () => {
    const { filter, problems } = read("status=lost&problem=Aliens&source=fax&assignee=%27%3B+drop&urgent=yes&page=-3");
    expect(problems).toEqual([]);
    expect(filter).toEqual({ urgent: false, overdue: false, page: 1 });
    expect(isFiltered(filter)).toBe(false);
    expect(inboxQuery(read("urgent=1&page=4").filter, { status: "new" })).toBe("status=new&urgent=1");
  });

  it.each([
    ["from=2026-02-30", [filterMessages.badFrom]],
    ["from=yesterday", [filterMessages.badFrom]],
    ["to=1999-12-31", [filterMessages.badTo]],
    ["to=2026-13-01", [filterMessages.badTo]],
    ["from=2026-11-20&to=2026-11-01", [filterMessages.fromAfterTo]],
  ])("names a bad date (%s) and does not apply it", (query, messages) => {
    const { filter, problems } = read(query);
    expect(problems).toEqual(messages);
    expect(filter.from).toBeUndefined();
    expect(filter.to).toBeUndefined();
  });

  it("keeps a good date beside a bad one, and a leap day", () => {
    expect(read("from=2028-02-29&to=nope")).toEqual({ filter: expect.objectContaining({ from: "2028-02-29", to: undefined }), problems: [filterMessages.badTo] });
  });

  it("refuses a search longer than the box allows, with a message, and trims one that fits", () => {
    const long = read(`q=${"a".repeat(searchMaxLength + 1)}&urgent=1`);
    expect(long.problems).toEqual([filterMessages.searchTooLong]);
    expect(long.filter).toMatchObject({ q: undefined, urgent: true });
    expect(read(`q=${encodeURIComponent(`  ${"a".repeat(searchMaxLength)}  `)}`).filter.q).toHaveLength(searchMaxLength);
  });
});
