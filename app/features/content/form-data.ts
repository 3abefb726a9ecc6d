import type { z } from "zod";

const unsafeKeys = new Set(["__proto__", "constructor", "prototype"]);

/** Form fields named like `badges.0.name` become nested objects and arrays: the shape the editors' schemas read. */
export function formToObject(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    const keys = name.split(".");
    if (typeof value !== "string" || keys.some((key) => unsafeKeys.has(key))) continue;
    let node: Record<string, unknown> = root;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next !== "object" || next === null) {
        node[key] = /^\d+$/.test(keys[index + 1] ?? "") ? [] : {};
      }
      node = node[key] as Record<string, unknown>;
    });
  }
  return root;
}

/** Zod's issues as one message per field, keyed like the form's field names (`badges.0.name`). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
