import { describe, expect, it } from "vitest";
import { formNameLimits, formToObject, unreadableFormMessage } from "./form-data.ts";

describe("reading an editor's form", () => {
  it("builds the nested lists and objects the schemas read", () => {
    expect(
      formToObject([
        ["headline", "Trusted"],
        ["badges.0.name", "A"],
        ["badges.1.name", "B"],
        ["cards.0.subcategories.3", "Drying"],
        ["__proto__.polluted", "yes"],
      ]),
    ).toEqual({ headline: "Trusted", badges: [{ name: "A" }, { name: "B" }], cards: [{ subcategories: [undefined, undefined, undefined, "Drying"] }] });
    expect(formToObject([[`badges.${formNameLimits.maxIndex}.name`, "last"]]).badges).toHaveLength(100);
  });

  it.each([
    ["an index of four billion", "badges.4294967294.name"],
    ["an index as the last part of the name", "badges.4294967294"],
    ["an index past any list's length", `badges.${formNameLimits.maxIndex + 1}.name`],
    ["an index padded with zeros", "badges.000000000000000004294967294.name"],
    ["a name nested deeper than any field", "cards.0.subcategories.0.deeper"],
    ["a name longer than any field's", `headline${"x".repeat(formNameLimits.maxLength)}`],
  ])("refuses %s at once, before building anything", (_case, name) => {
    const started = performance.now();
    expect(() => formToObject([["headline", "Trusted"], [name, "x"]])).toThrow(unreadableFormMessage);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
