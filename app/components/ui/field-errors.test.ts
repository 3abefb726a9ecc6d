import { z } from "zod";
import { describe, expect, it } from "vitest";
import { fieldErrorsFrom, formErrorKey } from "./field-errors.ts";

const errorsOf = (parsed: { success: boolean; error?: z.ZodError }) => (parsed.error ? fieldErrorsFrom(parsed.error) : "valid");

describe("fieldErrorsFrom", () => {
  it("keys each message by the field's name, nested paths joined with dots", () => {
    const schema = z.object({ title: z.string().min(1, "Enter a title."), badges: z.array(z.object({ name: z.string().min(1, "Name the badge.") })) });
    const parsed = schema.safeParse({ title: "", badges: [{ name: "ok" }, { name: "" }] });
    expect(errorsOf(parsed)).toEqual({ title: "Enter a title.", "badges.1.name": "Name the badge." });
  });

  it("keeps the first message of a field that fails twice", () => {
    const schema = z.object({ phone: z.string().min(10, "Too short.").regex(/^\d+$/, "Digits only.") });
    const parsed = schema.safeParse({ phone: "ab" });
    expect(errorsOf(parsed)).toEqual({ phone: "Too short." });
  });

  it("puts a message about the whole form under its own key", () => {
    const schema = z.object({ from: z.number(), to: z.number() }).refine((range) => range.from <= range.to, "The range is reversed.");
    const parsed = schema.safeParse({ from: 5, to: 1 });
    expect(errorsOf(parsed)).toEqual({ [formErrorKey]: "The range is reversed." });
  });

  it("answers nothing for an error without issues", () => {
    expect(fieldErrorsFrom({ issues: [] })).toEqual({});
  });
});
