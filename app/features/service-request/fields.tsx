import { useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes, type ReactNode } from "react";
import { errorId, FieldError, labelClass, TextArea, TextInput } from "#app/components/ui/field.tsx";
import { ErrorBanner } from "#app/components/ui/form-message.tsx";
import {
  fieldOrder,
  problemTypes,
  referralSources,
  requestLimits,
  sourceStoppedAnswers,
  standingWaterAnswers,
  stepOfField,
  stepTitles,
  waterProblems,
  type FieldErrors,
  type ServiceRequestField,
} from "./catalogue.ts";
import { formStartField, honeypotField, type SubmittedValues } from "./submission.ts";

/**
 * The request form's sections, shared by the dialog (one section per step) and the
 * no-JavaScript page (all five at once). Inputs are uncontrolled: the page refills them from
 * the server's answer, the dialog keeps every step mounted so nothing typed is lost.
 */

type FieldName = ServiceRequestField | "photos";

export const fieldId = (prefix: string, name: FieldName) => `${prefix}${name}`;

/** The field errors on screen; editing a field clears its message. */
export function useFieldErrors(initial: FieldErrors = {}) {
  const [errors, setErrors] = useState<FieldErrors>(initial);
  const clearOnEdit = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
    const name = target.name as FieldName;
    if (errors[name]) setErrors((current) => withoutErrors(current, [name]));
  };
  return [errors, setErrors, clearOnEdit] as const;
}

export function withoutErrors(errors: FieldErrors, names: readonly string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([name]) => !names.includes(name)));
}

/** The fields a sent form was refused for, in the form's order, each a link to its field; nothing when none. */
export function FieldErrorSummary({ prefix, errors }: { prefix: string; errors: FieldErrors }) {
  const problems = fieldOrder.filter((name) => errors[name]);
  if (problems.length === 0) return null;
  return (
    <ErrorBanner>
      <p className="font-semibold">Please correct the following:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.map((name) => (
          <li key={name}>
            <a href={`#${fieldId(prefix, name)}`} className="underline underline-offset-4">
              {errors[name]}
            </a>
          </li>
        ))}
      </ul>
    </ErrorBanner>
  );
}

const stepTitleId = (prefix: string, step: number) => `${prefix}step-${step}`;

type SectionProps = { prefix: string; errors: FieldErrors; values?: SubmittedValues; hidden?: boolean };

function StepSection({ step, prefix, hidden, children }: { step: number; prefix: string; hidden?: boolean; children: ReactNode }) {
  return (
    <fieldset data-step={step} hidden={hidden} tabIndex={-1} className="min-w-0 space-y-5 outline-none">
      <legend id={stepTitleId(prefix, step)} className="mb-4 text-xl font-black text-navy-900 sm:text-2xl">
        {stepTitles[step - 1]}
      </legend>
      {children}
    </fieldset>
  );
}

type TextFieldProps = {
  prefix: string;
  name: ServiceRequestField;
  label: string;
  hint?: string;
  error: string | undefined;
  defaultValue: string | undefined;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "type" | "autoComplete" | "inputMode" | "maxLength" | "required">;

function TextField({ prefix, name, error, defaultValue, ...input }: TextFieldProps) {
  return <TextInput id={fieldId(prefix, name)} name={name} defaultValue={defaultValue} error={error} {...input} />;
}

type TextAreaProps = {
  prefix: string;
  name: ServiceRequestField;
  label?: string;
  labelledBy?: string;
  hint: string;
  maxLength: number;
  error: string | undefined;
  defaultValue: string | undefined;
};

/** A textarea with its live "n/max characters" count. */
function CountedTextArea({ prefix, name, label, labelledBy, hint, maxLength, error, defaultValue = "" }: TextAreaProps) {
  const id = fieldId(prefix, name);
  const [count, setCount] = useState(defaultValue.length);
  return (
    <TextArea
      id={id}
      name={name}
      label={label}
      labelledBy={labelledBy}
      hint={hint}
      error={error}
      describedBy={`${id}-count`}
      rows={4}
      maxLength={maxLength}
      defaultValue={defaultValue}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setCount(event.target.value.length)}
      after={
        <p id={`${id}-count`} className="mt-1 text-right text-sm text-slate-600">
          {count}/{maxLength} characters
        </p>
      }
    />
  );
}

type ChoicesProps = {
  prefix: string;
  name: ServiceRequestField;
  options: readonly string[];
  error: string | undefined;
  defaultValue: string | undefined;
  required?: boolean;
  /** Options carrying `data-triage`: checking one shows the triage questions (plain CSS). */
  triageOptions?: readonly string[];
};

/** Radio buttons as large cards; the first one carries the field's id (error links land on it). */
function Choices({ prefix, name, options, error, defaultValue, required, triageOptions }: ChoicesProps) {
  const id = fieldId(prefix, name);
  return (
    <div>
      {/* A radio cannot be invalid on its own (ARIA): the group is, named by its step's title. */}
      <div
        role="radiogroup"
        aria-labelledby={stepTitleId(prefix, stepOfField(name))}
        aria-invalid={error ? true : undefined}
        className="grid gap-2 sm:grid-cols-2"
      >
        {options.map((option, index) => (
          <label
            key={option}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-900 hover:border-navy-700 has-checked:border-navy-900 has-checked:bg-navy-50 has-checked:ring-1 has-checked:ring-navy-900"
          >
            <input
              type="radio"
              id={index === 0 ? id : `${id}-${index}`}
              name={name}
              value={option}
              defaultChecked={defaultValue === option}
              required={required}
              data-triage={triageOptions?.includes(option) ? "" : undefined}
              aria-describedby={error ? errorId(id) : undefined}
              className="size-5 shrink-0 accent-navy-900"
            />
            {option}
          </label>
        ))}
      </div>
      <FieldError id={id} message={error} />
    </div>
  );
}

type QuestionProps = {
  prefix: string;
  name: ServiceRequestField;
  question: string;
  answers: readonly string[];
  error: string | undefined;
  defaultValue: string | undefined;
};

/** A short optional question answered with a row of radio buttons. */
function Question({ prefix, name, question, answers, error, defaultValue }: QuestionProps) {
  const id = fieldId(prefix, name);
  return (
    <fieldset aria-describedby={error ? errorId(id) : undefined}>
      <legend className={labelClass}>{question}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {answers.map((answer, index) => (
          <label
            key={answer}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-4 font-medium text-slate-900 hover:border-navy-700 has-checked:border-navy-900 has-checked:bg-navy-50 has-checked:ring-1 has-checked:ring-navy-900"
          >
            <input
              type="radio"
              id={index === 0 ? id : `${id}-${index}`}
              name={name}
              value={answer}
              defaultChecked={defaultValue === answer}
              className="size-5 shrink-0 accent-navy-900"
            />
            {answer}
          </label>
        ))}
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}

export function ProblemSection({ prefix, errors, values, hidden }: SectionProps) {
  const question = (name: ServiceRequestField) => ({ prefix, name, error: errors[name], defaultValue: values?.[name] });
  return (
    <StepSection step={1} prefix={prefix} hidden={hidden}>
      {/* The triage questions show while a water problem is checked: plain CSS, so the page needs no JavaScript either. */}
      <div className="group/problem space-y-5">
        <Choices
          prefix={prefix}
          name="problem"
          options={problemTypes}
          error={errors.problem}
          defaultValue={values?.problem}
          required
          triageOptions={waterProblems}
        />
        <div className="hidden space-y-4 rounded-md bg-slate-50 p-4 group-has-[[data-triage]:checked]/problem:block">
          <Question {...question("sourceStopped")} question="Has the source of the water been stopped?" answers={sourceStoppedAnswers} />
          <Question {...question("standingWater")} question="Is there standing water?" answers={standingWaterAnswers} />
        </div>
      </div>
      <CountedTextArea
        prefix={prefix}
        name="problemDescription"
        label="Describe the problem"
        hint="Optional: what happened, where, and when it started."
        maxLength={requestLimits.problemDescription}
        error={errors.problemDescription}
        defaultValue={values?.problemDescription}
      />
    </StepSection>
  );
}

export function ContactSection({ prefix, errors, values, hidden }: SectionProps) {
  const text = (name: ServiceRequestField) => ({ prefix, name, error: errors[name], defaultValue: values?.[name] });
  return (
    <StepSection step={2} prefix={prefix} hidden={hidden}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...text("firstName")} label="First Name" autoComplete="given-name" maxLength={requestLimits.firstName} required />
        <TextField {...text("lastName")} label="Last Name" autoComplete="family-name" maxLength={requestLimits.lastName} required />
        <TextField
          {...text("phone")}
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={requestLimits.phone}
          required
        />
        <TextField {...text("email")} label="Email" type="email" autoComplete="email" maxLength={requestLimits.email} required />
      </div>
      <TextField
        {...text("address")}
        label="Address"
        hint="Optional: the address of the damaged property."
        autoComplete="street-address"
        maxLength={requestLimits.address}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...text("insuranceCompany")} label="Insurance company (optional)" maxLength={requestLimits.insuranceCompany} />
        <TextField {...text("claimNumber")} label="Claim number (optional)" maxLength={requestLimits.claimNumber} />
      </div>
    </StepSection>
  );
}

export const photosHint = `Optional. Up to ${requestLimits.maxFiles} files: JPG, PNG, HEIC or PDF, 10MB each. Photos of the damage help us prepare.`;

/** Step 3's frame; the dialog and the page each bring their own file control. */
export function PhotosSection({ prefix, hidden, children }: { prefix: string; hidden?: boolean; children: ReactNode }) {
  return (
    <StepSection step={3} prefix={prefix} hidden={hidden}>
      <p id={`${fieldId(prefix, "photos")}-hint`} className="text-slate-700">
        {photosHint}
      </p>
      {children}
    </StepSection>
  );
}

export function ReferralSection({ prefix, errors, values, hidden }: SectionProps) {
  return (
    <StepSection step={4} prefix={prefix} hidden={hidden}>
      {/* "Please specify" shows while "Other" is checked: plain CSS, so the page needs no JavaScript either. */}
      <div className="group/referral space-y-5">
        <Choices
          prefix={prefix}
          name="referralSource"
          options={referralSources}
          error={errors.referralSource}
          defaultValue={values?.referralSource}
        />
        <div className="hidden group-has-[[value=Other]:checked]/referral:block">
          <TextField
            prefix={prefix}
            name="referralOther"
            label="Please specify"
            maxLength={requestLimits.referralOther}
            error={errors.referralOther}
            defaultValue={values?.referralOther}
          />
        </div>
      </div>
    </StepSection>
  );
}

export function CommentsSection({ prefix, errors, values, hidden }: SectionProps) {
  return (
    <StepSection step={5} prefix={prefix} hidden={hidden}>
      <CountedTextArea
        prefix={prefix}
        name="additionalComments"
        labelledBy={`${prefix}step-5`}
        hint="Optional: anything else we should know, such as access instructions, insurance details or the best time to call."
        maxLength={requestLimits.additionalComments}
        error={errors.additionalComments}
        defaultValue={values?.additionalComments}
      />
    </StepSection>
  );
}

/** The server's stamp of when the form was shown, and the spam trap people never see. */
export function HiddenFields({ formStart }: { formStart: string }) {
  return (
    <>
      <input type="hidden" name={formStartField} value={formStart} />
      <div className="sr-only" aria-hidden="true">
        <label>
          Leave this field empty
          <input type="text" name={honeypotField} defaultValue="" tabIndex={-1} autoComplete="off" aria-hidden="true" />
        </label>
      </div>
    </>
  );
}
