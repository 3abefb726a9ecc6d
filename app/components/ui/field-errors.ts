/** What the mapper reads of a validation error: the shape both `zod` and `zod/mini` give. */
export interface IssueList {
  readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
}

/** The key of a message about the whole form rather than one field. */
export const formErrorKey = "form";

/**
 * A validation error as one message per field, keyed like the form's field names: nested paths
 * joined with dots (`badges.0.name`), the first message of each field kept, and a message with no
 * path under `form`.
 */
export function fieldErrorsFrom(error: IssueList): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || formErrorKey;
    errors[key] ??= issue.message;
  }
  return errors;
}
