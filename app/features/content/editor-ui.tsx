import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { Form, useBlocker, useNavigation } from "react-router";
import type { z } from "zod";
import { fieldErrorsFrom } from "#app/components/ui/field-errors.ts";
import { formToObject } from "./form-data.ts";
import type { RevisionConflict, RevisionSummary } from "./editors.server.ts";
import { editorMessages } from "./messages.ts";
import { formatRevisionTime, staleSaveMessage } from "./revision-time.ts";
import { contentSectionLabels, type ContentSection } from "./sections.ts";
import { revisionFields, type EditorResult, type Toast } from "./toast.ts";

const inputClass = "mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 aria-invalid:border-brand-red-700";
export const buttonClass =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-navy-900 px-3 font-semibold text-navy-900 hover:bg-navy-50 disabled:opacity-50";
export const primaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-navy-900 px-5 font-bold text-white hover:bg-navy-800 disabled:opacity-60";
export const cardClass = "rounded-xl bg-white p-5 shadow";

/** Spec §8: a toast titled 'Success' or 'Error'; it stays until dismissed or replaced, so nobody misses it. */
function ToastView({ toast, onDismiss }: { toast: Toast | null; onDismiss: () => void }) {
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-40 flex justify-end sm:inset-x-auto sm:right-6">
      {toast && (
        <div
          role={toast.title === "Error" ? "alert" : "status"}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border-l-4 bg-white p-4 shadow-lg ${
            toast.title === "Error" ? "border-brand-red-700" : "border-green-700"
          }`}
        >
          <div className="grow">
            <p className="font-bold text-navy-900">{toast.title}</p>
            <p className="text-slate-800">{toast.message}</p>
          </div>
          <button type="button" onClick={onDismiss} className="min-h-11 min-w-11 rounded-md font-bold text-navy-900 hover:bg-slate-100">
            <span aria-hidden="true">×</span>
            <span className="sr-only">Dismiss</span>
          </button>
        </div>
      )}
    </div>
  );
}

/** The toast on screen: the action's answer when it arrives, or one the page shows itself (uploads, checks in the browser). */
/** What an editor's form shows: the values a refused save sent (so nothing typed is lost), over the saved content. */
export function formValues<Content extends object, Sent = Partial<Content>>(
  content: Content,
  result: EditorResult | undefined,
): Content & Sent {
  return { ...content, ...(result?.values as Sent | undefined) } as Content & Sent;
}

function useToast(result: EditorResult | undefined) {
  // What the page showed itself since this answer arrived; a new answer replaces it.
  const [own, setOwn] = useState<{
    toast: Toast | null;
    after: EditorResult | undefined;
  } | null>(null);
  const toast = own && own.after === result ? own.toast : (result?.toast ?? null);
  return {
    toast,
    show: (next: Toast) => setOwn({ toast: next, after: result }),
    dismiss: () => setOwn({ toast: null, after: result }),
  };
}

const leaveWarning = "You have unsaved changes. Leave this page and lose them?";

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
function EditorForm({
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
      <Form method="post" noValidate onSubmit={check} onChange={() => setDirty(true)} className="space-y-6">
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
          <button type="submit" disabled={saving} className={primaryButtonClass}>
            {saving ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </Form>
    </EditorContext.Provider>
  );
}

function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 font-semibold text-brand-red-700">
          {error}
        </p>
      )}
    </>
  );
}

function describedBy(id: string, error?: string, hint?: string): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
}

type FieldProps = {
  name: string;
  label: ReactNode;
  hint?: string;
  className?: string;
  /** An item of a list gives its own, which stays while the item moves and its name changes. */
  id?: string;
};

/** What every control of an editor's field carries: its name, and its message wired for screen readers. */
type ControlProps = {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
};

/** A labelled control with its hint and its message, the message taken from the form's errors by name. */
function LabelledField({
  name,
  label,
  hint,
  className,
  id = `field-${name}`,
  control,
}: FieldProps & { control: (props: ControlProps) => ReactNode }) {
  const error = useEditor().errors[name];
  return (
    <div className={className}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {control({
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy(id, error, hint),
        className: inputClass,
      })}
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextField({ name, label, hint, className, id, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return <LabelledField {...{ name, label, hint, className, id }} control={(props) => <input {...props} {...input} />} />;
}

export function TextArea({ name, label, hint, className, id, ...area }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <LabelledField {...{ name, label, hint, className, id }} control={(props) => <textarea rows={3} {...props} {...area} />} />;
}

/** A choice among fixed words (icon names), shown as they are, or by the label `optionLabels` gives them. */
export function SelectField({
  name,
  label,
  hint,
  className,
  id,
  options,
  optionLabels,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly string[]; optionLabels?: Readonly<Record<string, string>> }) {
  return (
    <LabelledField
      {...{ name, label, hint, className, id }}
      control={(props) => (
        <select {...props} {...select} className={`${props.className} ${optionLabels ? "" : "capitalize"}`}>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabels?.[option] ?? option}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export function describeRevision(revision: RevisionSummary): string {
  if (revision.kind === "initial") return "As first installed";
  const what = revision.changedFields.length > 0 ? revision.changedFields.join(", ") : "nothing changed";
  return revision.kind === "restore" ? `Restored an earlier version (${what})` : `Changed ${what}`;
}

/** The section's recent versions, newest (the current one) first; any older one comes back in one click. */
export function RevisionHistory({ revisions }: { revisions: RevisionSummary[] }) {
  const navigation = useNavigation();
  const restoring = navigation.state === "submitting" && navigation.formData?.get("intent") === "restore";
  return (
    <section aria-labelledby="history-title" className={`${cardClass} mt-8`}>
      <h2 id="history-title" className="text-xl font-black text-navy-900">
        Version history
      </h2>
      {revisions.length === 0 ? (
        <p className="mt-2 text-slate-700">No saves yet. Each save keeps the version before it here, ready to restore.</p>
      ) : (
        <ol className="mt-4 divide-y divide-slate-200">
          {revisions.map((revision, index) => {
            const when = formatRevisionTime(revision.createdAt);
            return (
              <li key={revision.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="font-semibold">
                    {revision.kind === "initial" ? "Before the first save" : <time dateTime={revision.createdAt}>{when}</time>}
                    {index === 0 && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-sm text-green-900">Current</span>}
                  </p>
                  <p className="text-sm text-slate-700">
                    {describeRevision(revision)}
                    {revision.authorEmail && <span className="break-all"> · by {revision.authorEmail}</span>}
                  </p>
                </div>
                {index > 0 && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="revisionId" value={revision.id} />
                    {/* The version shown as current: a save made since it was opened refuses the restore. */}
                    <input type="hidden" name={revisionFields.base} value={revisions[0]?.id ?? ""} />
                    <button type="submit" disabled={restoring} className={buttonClass}>
                      Restore
                      <span className="sr-only"> the version {revision.kind === "initial" ? "as first installed" : `of ${when}`}</span>
                    </button>
                  </Form>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

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
      <ToastView toast={toast} onDismiss={dismiss} />
    </>
  );
}

/**
 * A save refused because someone saved since the page was opened: the two versions side by side,
 * and a deliberate choice. "Reload" loads the page afresh (their version); "Overwrite" sends this
 * form again, naming the version it replaces. Both work without JavaScript.
 */
function ConflictPanel({ conflict, onDiscard }: { conflict: RevisionConflict; onDiscard: () => void }) {
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
        <a href="" onClick={onDiscard} className={buttonClass}>
          Reload Their Version
        </a>
        <button type="submit" name={revisionFields.overwrite} value={conflict.revisionId} className={primaryButtonClass}>
          Overwrite With My Version
        </button>
      </div>
    </section>
  );
}

/**
 * An item's buttons in an editable list: up and down (the keyboard's way to reorder; focus follows
 * the item it moved) and remove.
 */
export function ListItemButtons({
  itemKey,
  index,
  count,
  itemLabel,
  onMove,
  onRemove,
}: {
  itemKey: string;
  index: number;
  count: number;
  itemLabel: string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const move = (direction: "up" | "down") => {
    onMove(index, direction === "up" ? index - 1 : index + 1);
    requestAnimationFrame(() => {
      const same = document.getElementById(`move-${itemKey}-${direction}`) as HTMLButtonElement | null;
      const other = document.getElementById(`move-${itemKey}-${direction === "up" ? "down" : "up"}`);
      (same && !same.disabled ? same : other)?.focus();
    });
  };
  return (
    <div className="flex flex-wrap gap-2">
      <button id={`move-${itemKey}-up`} type="button" className={buttonClass} disabled={index === 0} onClick={() => move("up")}>
        <span aria-hidden="true">↑</span>
        <span className="sr-only">Move {itemLabel} up</span>
      </button>
      <button id={`move-${itemKey}-down`} type="button" className={buttonClass} disabled={index === count - 1} onClick={() => move("down")}>
        <span aria-hidden="true">↓</span>
        <span className="sr-only">Move {itemLabel} down</span>
      </button>
      <button type="button" className={buttonClass} onClick={() => onRemove(index)}>
        Remove<span className="sr-only"> {itemLabel}</span>
      </button>
    </div>
  );
}

/**
 * An editable list (badges, reasons): items keep a stable key while they move, a new item takes
 * the focus (its `focusField` input), and after a removal the focus goes to the add button.
 */
export function useEditableList<Item extends { key: string }>(
  initial: Item[],
  { keyPrefix, focusField, addButtonId }: { keyPrefix: string; focusField: string; addButtonId: string },
) {
  const { markDirty } = useEditor();
  const [items, setItems] = useState(initial);
  const nextKey = useRef(initial.length);
  const change = (next: Item[]) => {
    setItems(next);
    markDirty();
  };
  return {
    items,
    update: (index: number, patch: Partial<Item>) => change(items.map((item, at) => (at === index ? { ...item, ...patch } : item))),
    move: (from: number, to: number) => change(moveItem(items, from, to)),
    add: (blank: Omit<Item, "key">) => {
      const key = `${keyPrefix}-${nextKey.current++}`;
      change([...items, { ...blank, key } as Item]);
      requestAnimationFrame(() => document.getElementById(`${key}-${focusField}`)?.focus());
    },
    remove: (index: number) => {
      change(items.filter((_, at) => at !== index));
      requestAnimationFrame(() => document.getElementById(addButtonId)?.focus());
    },
  };
}

/** The list with one item moved; the rest keep their order. */
export function moveItem<Item>(items: Item[], from: number, to: number): Item[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined || to < 0 || to > items.length - 1) return items;
  next.splice(to, 0, moved);
  return next;
}
