const unsafeKeys = new Set(["__proto__", "constructor", "prototype"]);

/**
 * What an editor's field name can be: `cards.0.subcategories.3` is the deepest, and no list has
 * more than 30 items (the trust badges). An index of 100 or more can only be forged, and would
 * make an array of that length (`badges.4294967294.name` is four billion empty slots).
 */
export const formNameLimits = { maxIndex: 99, maxDepth: 4, maxLength: 100 } as const;

export const unreadableFormMessage = "This form has fields the editor does not send, so nothing was saved. Reload the page and try again.";

export class UnreadableFormError extends Error {
  constructor() {
    super(unreadableFormMessage);
  }
}

function isReadableName(name: string): boolean {
  if (name.length > formNameLimits.maxLength) return false;
  const keys = name.split(".");
  return keys.length <= formNameLimits.maxDepth && keys.every((key) => !/^\d+$/.test(key) || Number(key) <= formNameLimits.maxIndex);
}

/**
 * Form fields named like `badges.0.name` become nested objects and arrays: the shape the editors'
 * schemas read. Throws `UnreadableFormError`, before building anything, on a name no editor sends.
 */
export function formToObject(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const fields = [...entries];
  if (!fields.every(([name]) => isReadableName(name))) throw new UnreadableFormError();
  const root: Record<string, unknown> = {};
  for (const [name, value] of fields) {
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
