import { data } from "react-router";
import type { Access } from "#app/domain/roles.ts";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import type { AppContext } from "#server/context.ts";
import { listRevisions, readSection, restoreRevision, saveSection, sectionSchema, StaleRevisionError } from "./section-store.server.ts";
import { fieldErrorsFrom } from "#app/components/ui/field-errors.ts";
import { formToObject, UnreadableFormError } from "./form-data.ts";
import { editorMessages } from "./messages.ts";
import { staleSaveMessage } from "./revision-time.ts";
import type { ContentSection } from "#app/domain/content-sections.ts";
import { revisionFields, type EditorResult } from "./editor-result.ts";

type Args = { request: Request; context: AppContext };

/**
 * An editor's page data: the section as it stands, its recent versions and the reader's role.
 * Staff only. The newest version's id is the revision the form saves against (`baseRevision`).
 */
export async function editorLoader<Section extends ContentSection>({ request, context }: Args, section: Section) {
  const member = await requireAccess(request, context, "staff");
  // The versions first: a save landing between the two reads makes the next save a (false) conflict, never a silent overwrite.
  const revisions = await listRevisions(context.db, section);
  const content = await readSection(context.db, section);
  return { content, revisions, role: member.role };
}


export const restoredMessage = "The selected version is back on the site.";

/**
 * An editor's save or restore, by whoever has `access` (any staff member unless the section says
 * otherwise). The form is parsed with the section's schema (the one the browser used); a bad field
 * answers 400 with every field's message and the values as sent, and changes nothing.
 */
export async function editorAction(
  { request, context }: Args,
  section: ContentSection,
  access: Access = "staff",
): Promise<EditorResult | ReturnType<typeof data<EditorResult>>> {
  const member = await requireAccess(request, context, access);
  const messages = editorMessages[section];
  const form = await request.formData();
  try {
    if (form.get("intent") === "restore") {
      const base = form.get(revisionFields.base);
      let result: Awaited<ReturnType<typeof restoreRevision>>;
      try {
        result = await restoreRevision(context.db, section, String(form.get("revisionId") ?? ""), member, typeof base === "string" ? base : undefined);
      } catch (error) {
        if (!(error instanceof StaleRevisionError)) throw error;
        // The history now shows the newer save: the person chooses again, knowing it.
        const message = staleSaveMessage(error.conflict.authorEmail, error.conflict.createdAt);
        return data({ ok: false, toast: { title: "Error", message } }, { status: 409 });
      }
      if ("error" in result) return data({ ok: false, toast: { title: "Error", message: result.error } }, { status: 404 });
      context.logger.info({ by: member.id, section, revision: result.revisionId }, "Content restored");
      return {
        ok: true,
        toast: { title: "Success", message: restoredMessage },
      };
    }
    let values: Record<string, unknown>;
    try {
      values = formToObject(form);
    } catch (error) {
      if (!(error instanceof UnreadableFormError)) throw error;
      return data({ ok: false, toast: { title: "Error", message: error.message } }, { status: 400 });
    }
    const parsed = sectionSchema(section).safeParse(values);
    if (!parsed.success) {
      return data(
        {
          ok: false,
          toast: { title: "Error", message: messages.failed },
          errors: fieldErrorsFrom(parsed.error),
          values,
        },
        { status: 400 },
      );
    }
    // A deliberate overwrite names the version it replaces: a third save meanwhile is refused again.
    const overwrite = form.get(revisionFields.overwrite);
    const base = form.get(revisionFields.base);
    const expectedRevision = typeof overwrite === "string" && overwrite !== "" ? overwrite : typeof base === "string" ? base : undefined;
    try {
      const saved = await saveSection(context.db, section, parsed.data, member, { expectedRevision });
      context.logger.info({ by: member.id, section, changed: saved.changed, overwrote: Boolean(overwrite) }, "Content saved");
      return { ok: true, toast: { title: "Success", message: messages.saved } };
    } catch (error) {
      if (!(error instanceof StaleRevisionError)) throw error;
      const { conflict } = error;
      return data(
        { ok: false, toast: { title: "Error", message: staleSaveMessage(conflict.authorEmail, conflict.createdAt) }, values, conflict },
        { status: 409 },
      );
    }
  } catch (error) {
    context.logger.error({ err: error, section }, "Content save failed");
    return data({ ok: false, toast: { title: "Error", message: messages.failed } }, { status: 500 });
  }
}
