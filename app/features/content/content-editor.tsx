import type { ReactNode } from "react";
import type { z } from "zod";
import { ToastRegion, useToast } from "#app/components/ui/toast.tsx";
import { EditorForm } from "./editor-form.tsx";
import type { RevisionSummary } from "./revision-types.ts";
import { editorMessages } from "./messages.ts";
import { RevisionHistory } from "./revision-history.tsx";
import { contentSectionLabels, type ContentSection } from "#app/domain/content-sections.ts";
import { revisionFields, type EditorResult } from "./editor-result.ts";

/**
 * An editor's page: its title, what it changes, the form, its history and its toast. The form is
 * remounted when a new revision is stored, so it starts from what was saved. `aside` sits above
 * the form, outside it (it may hold forms of its own).
 */
export function ContentEditor({
  section,
  intro,
  schema,
  revisions,
  result,
  aside,
  children,
}: {
  section: ContentSection;
  intro: string;
  schema: z.ZodType;
  revisions: RevisionSummary[];
  result: EditorResult | undefined;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const { toast, show, dismiss } = useToast(result);
  // A refused save keeps the revision it was made against: saving again without choosing is refused again.
  const sentBase = result?.values?.[revisionFields.base];
  const baseRevision = typeof sentBase === "string" ? sentBase : (revisions[0]?.id ?? "");
  return (
    <>
      <h1 className="text-3xl font-black text-navy-900">{contentSectionLabels[section]}</h1>
      <p className="mt-2 max-w-2xl text-slate-700">{intro}</p>
      <div className="mt-6 max-w-3xl">
        {aside && <div className="mb-6">{aside}</div>}
        <EditorForm
          key={revisions[0]?.id}
          schema={schema}
          result={result}
          baseRevision={baseRevision}
          failedMessage={editorMessages[section].failed}
          onToast={show}
        >
          {children}
        </EditorForm>
        <RevisionHistory revisions={revisions} />
      </div>
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </>
  );
}
