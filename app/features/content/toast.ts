/** Spec §8: every editor's outcome is a toast titled 'Success' or 'Error'. */
export interface Toast {
  title: "Success" | "Error";
  message: string;
}

/** What an editor's action answers: the toast, and after a refused save each field's message and the values as sent. */
export interface EditorResult {
  ok: boolean;
  toast: Toast;
  errors?: Record<string, string>;
  values?: Record<string, unknown>;
}
