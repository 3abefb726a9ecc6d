import type { Toast } from "#app/components/ui/toast.tsx";
import type { RevisionConflict } from "./revision-types.ts";

/**
 * What an editor's action answers: the toast, and after a refused save each field's message and
 * the values as sent; after a save refused for being stale, the save that came between.
 */
export interface EditorResult {
  ok: boolean;
  toast: Toast;
  errors?: Record<string, string>;
  values?: Record<string, unknown>;
  conflict?: RevisionConflict;
}

/** The form fields every editor sends besides its content: the revision it loaded, and the one a deliberate overwrite replaces. */
export const revisionFields = { base: "baseRevision", overwrite: "overwriteRevision" } as const;
