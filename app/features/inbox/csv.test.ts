import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.ts";

describe("csvCell", () => {
  it.each([
    ["plain", '"plain"'],
    ['say "hi"', '"say ""hi"""'],
    ["a,b\nc", '"a,b\nc"'],
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ["+1 215 555 0100", '"\'+1 215 555 0100"'],
    ["-2+3", '"\'-2+3"'],
    ["@SUM(A1)", '"\'@SUM(A1)"'],
    ["\tcmd", '"\'\tcmd"'],
    ["Zoë & café", '"Zoë & café"'],
    [7, '"7"'],
    [null, '""'],
  ])("%j becomes %s", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe("toCsv", () => {
  it("starts with a byte-order mark and ends rows with CRLF", () => {
    expect(toCsv(["Name", "Phone"], [["Jane", "(215) 555-0100"]])).toBe('\uFEFF"Name","Phone"\r\n"Jane","(215) 555-0100"\r\n');
  });
});
