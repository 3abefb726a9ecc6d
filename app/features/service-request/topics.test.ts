import { describe, expect, it } from "vitest";
import { isRequestTopic, requestTopicNotes, withTopicNote } from "./topics.ts";

const financingRequestNote = requestTopicNotes.financing;

describe("a request's topic", () => {
  it("is one we know", () => {
    expect(isRequestTopic("financing")).toBe(true);
    for (const other of ["", "toString", "__proto__", "Financing", null, 1]) expect(isRequestTopic(other)).toBe(false);
  });

  it("puts its note first in the comments, keeps what was typed, and never twice", () => {
    expect(withTopicNote("", "financing")).toBe(financingRequestNote);
    expect(withTopicNote("  ", "financing")).toBe(financingRequestNote);
    const typed = "Back door code is 1234.";
    const noted = withTopicNote(typed, "financing");
    expect(noted).toBe(`${financingRequestNote}\n\n${typed}`);
    expect(withTopicNote(noted, "financing")).toBe(noted);
  });
});
