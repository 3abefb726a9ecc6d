import { createContext, useContext, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useBlocker, useLocation, useNavigation } from "react-router";
import type { z } from "zod";
import { buttonClass } from "#app/components/ui/button.ts";
import { fieldErrorsFrom } from "#app/components/ui/field-errors.ts";
import type { Toast } from "#app/components/ui/toast.tsx";
import type { RevisionConflict } from "./revision-types.ts";
import { formToObject } from "./form-data.ts";
import { formatRevisionTime, staleSaveMessage } from "./revision-time.ts";
import { revisionFields, type EditorResult } from "./editor-result.ts";

/** What an editor's form shows: the values a refused save sent (so nothing typed is lost), over the saved content. */
export function formValues<Content extends object, Sent = Partial<Content>>(
  content: Content,
  result: EditorResult | undefined,
): Content & Sent {
  return { ...content, ...(result?.values as Sent | undefined) } as Content & Sent;
}

const leaveWarning = "You have unsaved changes. Leave this page and lose them?";

/** Whether a field holds something other than what the page was served with: typed before the page was hydrated, no change was heard. */
function differsFromServed(form: HTMLFormElement): boolean {
  return Array.from(form.elements).some((field) => {
    if (field instanceof HTMLSelectElement) {
      const options = Array.from(field.options);
      if (field.multiple) return options.some((option) => option.selected !== option.defaultSelected);
      // With no option served as selected, the browser shows the first.
      return options.length > 0 && field.selectedIndex !== Math.max(0, options.findLastIndex((option) => option.defaultSelected));
    }
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) return field.checked !== field.defaultChecked;
    return (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.value !== field.defaultValue;
  });
}

/**
 * Asks before a page with unsaved changes is left: links inside the site, and closing or reloading
 * the tab. Once `discarding` is set (the person chose to drop their changes), it asks no more.
 */
function useUnsavedChangesWarning(dirty: boolean, discarding: { current: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !discarding.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(leaveWarning)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!discarding.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, discarding]);
}

interface EditorState {
  errors: Record<string, string>;
  markDirty: () => void;
  showToast: (toast: Toast) => void;
}

const EditorContext = createContext<EditorState>({
  errors: {},
  markDirty: () => {},
  showToast: () => {},
});

/** The message for one field, if it has one; list editors call `markDirty` when they add, remove or move an item. */
export const useEditor = () => useContext(EditorContext);

/**
 * An editor's form: checked in the browser with the server's schema before it is sent, 'Saving...'
 * while busy, field messages from either side, and a warning before unsaved changes are left.
 */
export function EditorForm({
  schema,
  result,
  baseRevision,
  failedMessage,
  onToast,
  children,
}: {
  schema: z.ZodType;
  result: EditorResult | undefined;
  /** The revision this form's content was loaded from: the save is refused if another came after it. */
  baseRevision: string;
  failedMessage: string;
  onToast: (toast: Toast) => void;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [dirty, setDirty] = useState(false);
  const discarding = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (form.current && differsFromServed(form.current)) setDirty(true);
  }, []);
  // The browser's own check applies until the server answers again.
  const [browserCheck, setBrowserCheck] = useState<{
    errors: Record<string, string>;
    after: EditorResult | undefined;
  } | null>(null);
  useUnsavedChangesWarning(dirty && !saving, discarding);
  const errors = (browserCheck && browserCheck.after === result ? browserCheck.errors : null) ?? result?.errors ?? {};

  const check = (event: FormEvent<HTMLFormElement>) => {
    const parsed = schema.safeParse(formToObject(new FormData(event.currentTarget)));
    if (parsed.success) {
      setBrowserCheck({ errors: {}, after: result });
      return;
    }
    event.preventDefault();
    const found = fieldErrorsFrom(parsed.error);
    setBrowserCheck({ errors: found, after: result });
    onToast({ title: "Error", message: failedMessage });
    const first = Object.keys(found)[0];
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
  };

  return (
    <EditorContext.Provider value={{ errors, markDirty: () => setDirty(true), showToast: onToast }}>
      <Form ref={form} method="post" noValidate onSubmit={check} onChange={() => setDirty(true)} className="space-y-6">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name={revisionFields.base} value={baseRevision} />
        {result?.conflict && <ConflictPanel conflict={result.conflict} onDiscard={() => (discarding.current = true)} />}
        {errors.form && (
          <p role="alert" className="font-semibold text-brand-red-700">
            {errors.form}
          </p>
        )}
        {children}
        <div className="sticky bottom-0 -mx-1 flex gap-3 bg-slate-100/95 px-1 py-3">
          <button type="submit" disabled={saving} className={buttonClass("primary", { size: "wide" })}>
            {saving ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </Form>
    </EditorContext.Provider>
  );
}

/**
 * A save refused because someone saved since the page was opened: the two versions side by side,
 * and a deliberate choice. "Reload" loads the page afresh (their version); "Overwrite" sends this
 * form again, naming the version it replaces. Both work without JavaScript.
 */
function ConflictPanel({ conflict, onDiscard }: { conflict: RevisionConflict; onDiscard: () => void }) {
  // A plain link to this page: the page loads afresh, with or without JavaScript.
  const { pathname, search } = useLocation();
  const when = formatRevisionTime(conflict.createdAt);
  return (
    <section aria-labelledby="conflict-title" className="rounded-xl border-l-4 border-brand-red-700 bg-red-50 p-5">
      <h2 id="conflict-title" className="text-xl font-black text-brand-red-800">
        Not saved: {staleSaveMessage(conflict.authorEmail, conflict.createdAt)}
      </h2>
      <p className="mt-1 text-slate-800">
        Your changes are still in the form below. Compare the two versions, then keep theirs or save yours over it.
      </p>
      {conflict.fields.length === 0 ? (
        <p className="mt-3 text-slate-800">Your version and theirs are the same.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {conflict.fields.map((field) => (
            <li key={field.label} className="rounded-lg bg-white p-3">
              <h3 className="font-bold text-navy-900">{field.label}</h3>
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                <div>
                  <p className="text-sm font-semibold text-slate-700">
                    Their version ({when}, {conflict.authorEmail || "someone"})
                  </p>
                  <p className="mt-1 break-words whitespace-pre-wrap">{field.theirs}</p>
                </div>
                <div>
                  <p className="text-sm font-semibold text-slate-700">Your version (not saved)</p>
                  <p className="mt-1 break-words whitespace-pre-wrap">{field.yours}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={pathname + search} onClick={onDiscard} className={buttonClass("secondary", { size: "compact" })}>
          Reload Their Version
        </a>
        <button type="submit" name={revisionFields.overwrite} value={conflict.revisionId} className={buttonClass("primary", { size: "wide" })}>
          Overwrite With My Version
        </button>
      </div>
    </section>
  );
}
