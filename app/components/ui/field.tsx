import { useLayoutEffect, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { keepTextTypedBeforeHydration } from "./text-typed-before-hydration.ts";

/** The look of every text box, text area and select; a refused value shows a red border. */
export const controlClass =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-navy-700 aria-invalid:border-brand-red-700 aria-invalid:ring-1 aria-invalid:ring-brand-red-700";
export const labelClass = "block font-semibold text-navy-900";

export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/** The ids a control is described by, in reading order; none when there are none. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={hintId(id)} className="mt-1 text-sm text-slate-700">
      {children}
    </p>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorId(id)} className="mt-1 text-sm font-semibold text-brand-red-700">
      {message}
    </p>
  );
}

/** What the control of a field carries: its id, its state and its messages wired for screen readers. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-labelledby"?: string;
  className: string;
}

export interface FieldFrame {
  id: string;
  /** The visible label; leave it out only when `labelledBy` names the element that labels the control. */
  label?: ReactNode;
  labelledBy?: string;
  hint?: ReactNode;
  error?: string | undefined;
  /** Refused by a message shown elsewhere (one for the whole form), named in `describedBy`. */
  invalid?: boolean;
  /** More elements describing the control (a character count), read after the hint. */
  describedBy?: string;
  className?: string;
}

/**
 * A labelled control with its hint above it and its error below, both in the control's
 * `aria-describedby`, and `aria-invalid` while it has an error. `after` sits between the control
 * and the error (a character count).
 */
export function Field({
  id,
  label,
  labelledBy,
  hint,
  error,
  invalid,
  describedBy: more,
  className,
  after,
  control,
}: FieldFrame & { after?: ReactNode; control: (props: ControlProps) => ReactNode }) {
  return (
    <div className={className}>
      {label !== undefined && (
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
      )}
      {hint && <FieldHint id={id}>{hint}</FieldHint>}
      {control({
        id,
        "aria-invalid": error || invalid ? true : undefined,
        "aria-describedby": describedBy(hint ? hintId(id) : undefined, more, error ? errorId(id) : undefined),
        ...(labelledBy ? { "aria-labelledby": labelledBy } : {}),
        className: controlClass,
      })}
      {after}
      <FieldError id={id} message={error} />
    </div>
  );
}

type Own<Attributes> = Omit<Attributes, "id" | "className" | "aria-describedby" | "aria-invalid">;

export function TextInput({
  id,
  label,
  labelledBy,
  hint,
  error,
  invalid,
  describedBy,
  className,
  ...input
}: FieldFrame & Own<InputHTMLAttributes<HTMLInputElement>>) {
  return <Field {...{ id, label, labelledBy, hint, error, invalid, describedBy, className }} control={(props) => <input {...input} {...props} />} />;
}

/** Noted from the moment this module loads, before the page is hydrated; put back once it is. */
const putBackTextTypedBeforeHydration = typeof document === "undefined" ? () => {} : keepTextTypedBeforeHydration(document);

export function TextArea({
  id,
  label,
  labelledBy,
  hint,
  error,
  describedBy,
  className,
  after,
  ...area
}: FieldFrame & { after?: ReactNode } & Own<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  // Runs as the page's hydration is committed, after React has put the server's text back.
  useLayoutEffect(putBackTextTypedBeforeHydration, []);
  return (
    <Field
      {...{ id, label, labelledBy, hint, error, describedBy, className, after }}
      control={(props) => <textarea rows={3} {...area} {...props} className={`${props.className} resize-y`} />}
    />
  );
}

/** A choice among fixed words, shown as they are or by the label `optionLabels` gives them. */
export function Select({
  id,
  label,
  labelledBy,
  hint,
  error,
  describedBy,
  className,
  options,
  optionLabels,
  ...select
}: FieldFrame & Own<SelectHTMLAttributes<HTMLSelectElement>> & { options: readonly string[]; optionLabels?: Readonly<Record<string, string>> }) {
  return (
    <Field
      {...{ id, label, labelledBy, hint, error, describedBy, className }}
      control={(props) => (
        <select {...select} {...props} className={`${props.className} ${optionLabels ? "" : "capitalize"}`}>
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

/** A box to tick, its label beside it; the hint and error below, wired like every other field. */
export function Checkbox({ id, label, hint, error, className, ...input }: Omit<FieldFrame, "labelledBy" | "describedBy" | "invalid"> & Own<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <div className={className}>
      <label htmlFor={id} className="flex min-h-11 items-center gap-3 font-semibold">
        <input
          {...input}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? hintId(id) : undefined, error ? errorId(id) : undefined)}
          className="size-5 shrink-0 accent-navy-900"
        />
        {label}
      </label>
      {hint && <FieldHint id={id}>{hint}</FieldHint>}
      <FieldError id={id} message={error} />
    </div>
  );
}
