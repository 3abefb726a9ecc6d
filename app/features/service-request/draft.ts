import { fieldOrder } from "./catalogue.ts";
import type { SubmittedValues } from "./submission.ts";

/** What the visitor typed in the dialog, kept for this tab only, so a reload or a back navigation loses nothing. */
export interface RequestDraft {
  values: SubmittedValues;
  step: number;
  /** The server's stamp of when the dialog first opened: a reload keeps it. */
  formStart: string;
  /** Files cannot be kept: the visitor is asked to choose them again. */
  hadPhotos: boolean;
}

const storageKey = "service-request-draft";
const draftFields = new Set<string>(fieldOrder);

/** sessionStorage throws when storage is disabled or full: a draft is a comfort, never a failure. */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function loadDraft(): RequestDraft | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(storageKey) ?? "null") as Partial<RequestDraft> | null;
    if (!parsed || typeof parsed !== "object" || typeof parsed.values !== "object" || parsed.values === null) return null;
    const values = Object.fromEntries(
      Object.entries(parsed.values).filter(([name, value]) => draftFields.has(name) && typeof value === "string"),
    ) as SubmittedValues;
    return {
      values,
      step: typeof parsed.step === "number" ? parsed.step : 1,
      formStart: typeof parsed.formStart === "string" ? parsed.formStart : "",
      hadPhotos: parsed.hadPhotos === true,
    };
  } catch {
    return null;
  }
}

export function saveDraft(draft: RequestDraft): void {
  const values = Object.fromEntries(Object.entries(draft.values).filter(([name]) => draftFields.has(name)));
  try {
    storage()?.setItem(storageKey, JSON.stringify({ ...draft, values }));
  } catch {
    // Quota or privacy mode: the form still works, it just will not survive a reload.
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(storageKey);
  } catch {
    // Nothing was kept then.
  }
}
