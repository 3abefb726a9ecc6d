import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { FieldError } from "#app/components/ui/field.tsx";
import { ErrorBanner } from "#app/components/ui/form-message.tsx";
import { CloseIcon } from "#app/components/ui/icons.tsx";
import { useDialogScrollLock } from "#app/components/ui/use-scroll-lock.ts";
import {
  CommentsSection,
  ContactSection,
  fieldId,
  HiddenFields,
  PhotosSection,
  ProblemSection,
  ReferralSection,
  useFieldErrors,
  withoutErrors,
} from "./fields.tsx";
import { browserRequestSchema, browserStepSchemas } from "./browser-schema.ts";
import { fieldErrorsOf, fieldOrder, genericSubmitError, requestLimits, stepOfField, stepTitles, type FieldErrors } from "./catalogue.ts";
import { fileInputAccept, fileProblem, formatFileSize } from "./files.ts";
import { defaultCallbackPromiseMinutes } from "./callback-promise.ts";
import { downscalePhoto } from "./downscale.ts";
import { clearDraft, loadDraft, saveDraft } from "./draft.ts";
import { formStartEndpoint, photosField, submissionEndpoint, type SubmissionResult } from "./submission.ts";
import { ThankYou } from "./thank-you.tsx";
import { withTopicNote, type RequestTopic } from "./topics.ts";

type RequestDialogProps = { open: boolean; topic?: RequestTopic; onClose(): void; phone: string; telHref: string };

const stepCount = stepTitles.length;
/** After a reload the chosen files are gone (a browser never keeps them): say so on step 3. */
const photosLostMessage = "The photos you chose before the page was reloaded could not be kept. Please choose them again.";
const doneStep = stepCount + 1;

/** The text fields as the visitor typed them (unchecked radio groups are simply absent). */
function readValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
  return values;
}

/** The server's stamp of when the form opened; empty when it could not be had (the request still goes through). */
async function fetchFormStart(): Promise<string> {
  try {
    const response = await fetch(formStartEndpoint, { headers: { Accept: "application/json" }, cache: "no-store" });
    const body = response.ok ? ((await response.json()) as { formStart?: unknown }) : {};
    return typeof body.formStart === "string" ? body.formStart : "";
  } catch {
    return "";
  }
}

type UploadProgress = { sent: number; total: number };

/** Posts the request, reporting real upload progress; null when no usable answer came back. */
function send(data: FormData, onProgress: (progress: UploadProgress) => void): Promise<SubmissionResult | null> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", submissionEndpoint);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress({ sent: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      let answer: Partial<SubmissionResult> | null = null;
      try {
        answer = JSON.parse(xhr.responseText) as Partial<SubmissionResult> | null;
      } catch {
        // Not JSON: a proxy's error page or a missing endpoint.
      }
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (answer?.status === "received" && ok) resolve(answer as SubmissionResult);
      else if (answer?.status === "invalid" && typeof answer.fieldErrors === "object") resolve(answer as SubmissionResult);
      else if (answer?.status === "refused" && typeof answer.formError === "string") resolve(answer as SubmissionResult);
      else resolve(null);
    };
    xhr.onerror = xhr.onabort = xhr.ontimeout = () => resolve(null);
    xhr.send(data);
  });
}

export default function RequestDialog({ open, topic, onClose, phone, telHref }: RequestDialogProps) {
  const prefix = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const thankYouHeading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  useDialogScrollLock(dialog);

  // Mounted when first opened, and kept while closed, so nothing typed is lost; a reload finds the draft.
  const [draft] = useState(loadDraft);
  const [formStart, setFormStart] = useState(draft?.formStart ?? "");
  const [step, setStep] = useState(() => Math.min(Math.max(draft?.step ?? 1, 1), stepCount));
  const [photosLost, setPhotosLost] = useState(draft?.hadPhotos ?? false);
  const [preparing, setPreparing] = useState(false);
  const [callbackPromiseMinutes, setCallbackPromiseMinutes] = useState(defaultCallbackPromiseMinutes);
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [files, setFiles] = useState<File[]>([]);
  const [refusedFiles, setRefusedFiles] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const submitting = upload !== null;
  const uploadedPercent = upload && upload.total > 0 ? Math.round((upload.sent / upload.total) * 100) : 0;

  // Asked for when the dialog first opens, and again at each step while the network failed to give it.
  useEffect(() => {
    if (formStart) return;
    let current = true;
    void fetchFormStart().then((stamp) => {
      if (current && stamp) setFormStart(stamp);
    });
    return () => {
      current = false;
    };
  }, [formStart, step]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // Opened about a topic (financing): its note goes into the comments as if typed, so the counter and the draft follow.
  useEffect(() => {
    const comments = form.current?.elements.namedItem("additionalComments");
    if (!open || !topic || !(comments instanceof HTMLTextAreaElement)) return;
    const next = withTopicNote(comments.value, topic);
    if (next === comments.value) return;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(comments, next);
    comments.dispatchEvent(new Event("input", { bubbles: true }));
  }, [open, topic]);

  // Every way of closing goes through the element, so `onClose` runs once the page is no longer inert.
  const close = () => dialog.current?.close();

  const keepDraft = (atStep = step, hadPhotos = files.length > 0 || photosLost) => {
    if (form.current) saveDraft({ values: readValues(form.current), step: atStep, formStart, hadPhotos });
  };

  const showStep = (next: number) => {
    flushSync(() => setStep(next));
    if (next <= stepCount) keepDraft(next);
    dialog.current?.scrollTo({ top: 0 });
  };

  const goToStep = (next: number) => {
    showStep(next);
    form.current?.querySelector<HTMLElement>(`[data-step="${next}"]`)?.focus({ preventScroll: true });
  };

  /** Shows the messages, on the step of the first one, and puts the cursor in that field. */
  const showErrors = (found: FieldErrors) => {
    const first = fieldOrder.find((name) => found[name]);
    if (!first) return false;
    flushSync(() => setErrors((current) => ({ ...current, ...found })));
    showStep(stepOfField(first));
    const target = first === "photos" ? fileInput.current : form.current?.elements.namedItem(first);
    const element = target instanceof RadioNodeList ? target[0] : target;
    if (element instanceof HTMLElement) element.focus();
    return true;
  };

  const validateStep = (values: Record<string, string>) => {
    const schema = browserStepSchemas[step - 1];
    if (!schema) return true;
    const result = schema.safeParse(values);
    if (!result.success) return !showErrors(fieldErrorsOf(result.error));
    setErrors((current) => withoutErrors(current, Object.keys(schema.shape)));
    return true;
  };

  const submit = async (element: HTMLFormElement) => {
    const parsed = browserRequestSchema.safeParse(readValues(element));
    if (!parsed.success) {
      showErrors(fieldErrorsOf(parsed.error));
      return;
    }
    const data = new FormData(element);
    if (data.get("referralSource") !== "Other") data.set("referralOther", "");
    for (const file of files) data.append(photosField, file, file.name);

    setFormError(null);
    setUpload({ sent: 0, total: 0 });
    const result = await send(data, setUpload);
    flushSync(() => setUpload(null));

    if (result?.status === "received") {
      clearDraft();
      setCallbackPromiseMinutes(result.callbackPromiseMinutes);
      showStep(doneStep);
      thankYouHeading.current?.focus();
      return;
    }
    if (result?.status === "invalid" && showErrors(result.fieldErrors)) return;
    flushSync(() => setFormError(result?.status === "refused" ? result.formError : genericSubmitError));
    submitButton.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || preparing) return;
    const element = event.currentTarget;
    if (step < stepCount) {
      if (validateStep(readValues(element))) goToStep(step + 1);
    } else {
      void submit(element);
    }
  };

  const addFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = "";
    if (chosen.length === 0) return;
    setPreparing(true);
    // Only files that could be sent are made smaller; a large photo may fit the size limit afterwards.
    const picked = await Promise.all(chosen.map((file) => (fileProblem({ name: file.name, size: 0 }) ? file : downscalePhoto(file))));
    setPreparing(false);
    const kept = [...files];
    const refused: string[] = [];
    for (const file of picked) {
      const problem = fileProblem(file);
      if (problem) refused.push(problem);
      else if (kept.some((other) => other.name === file.name && other.size === file.size)) refused.push(`${file.name}: Already added`);
      else if (kept.length >= requestLimits.maxFiles) refused.push(`${file.name}: Not added, at most ${requestLimits.maxFiles} files`);
      else kept.push(file);
    }
    setFiles(kept);
    setRefusedFiles(refused);
    setPhotosLost(false);
    keepDraft(step, kept.length > 0);
    setErrors((current) => withoutErrors(current, ["photos"]));
  };

  const removeFile = (index: number) => {
    const remaining = files.filter((_, at) => at !== index);
    flushSync(() => {
      setFiles(remaining);
      setRefusedFiles([]);
    });
    keepDraft(step, remaining.length > 0);
    fileInput.current?.focus();
  };

  const photosId = fieldId(prefix, "photos");
  const full = files.length >= requestLimits.maxFiles;
  const percent = Math.round((step / stepCount) * 100);
  const titleId = `${prefix}title`;

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby={titleId}
      className="mx-auto mt-[5dvh] mb-auto max-h-[90dvh] w-[calc(100%-1rem)] max-w-4xl overflow-y-auto overscroll-contain rounded-xl bg-white p-0 text-slate-900 shadow-2xl"
    >
      <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3 sm:px-8 sm:py-4">
        <div>
          <h2 id={titleId} className="text-xl font-black text-navy-900 sm:text-3xl">
            Get Your Free Assessment
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Emergency right now? Call{" "}
            <a href={telHref} className="font-bold whitespace-nowrap text-brand-red-700 underline underline-offset-4">
              {phone}
            </a>
          </p>
        </div>
        <button
          type="button"
          onClick={close}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-navy-900 hover:bg-navy-50"
        >
          <CloseIcon className="size-6" />
          <span className="sr-only">Close</span>
        </button>
      </div>

      <div className="px-4 pt-5 sm:px-8 sm:pt-6">
        {step === doneStep ? (
          <ThankYou
            phone={phone}
            telHref={telHref}
            callbackPromiseMinutes={callbackPromiseMinutes}
            heading="h3"
            headingRef={thankYouHeading}
            onReturnHome={() => {
              close();
              void navigate("/");
            }}
            onSubmitAnother={() => {
              clearDraft();
              window.location.reload();
            }}
          />
        ) : (
          <div className="mb-6">
            <div className="flex justify-between text-sm font-semibold text-navy-900">
              <p>
                Step {step} of {stepCount}
              </p>
              <p>{percent}%</p>
            </div>
            <div
              role="progressbar"
              aria-label="Form progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={`Step ${step} of ${stepCount}`}
              className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full rounded-full bg-brand-red-700 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
          </div>
        )}

        <form
          ref={form}
          noValidate
          hidden={step === doneStep}
          onSubmit={onSubmit}
          onChange={clearOnEdit}
          onInput={() => keepDraft()}
        >
          <HiddenFields formStart={formStart} />
          <ProblemSection prefix={prefix} errors={errors} values={draft?.values} hidden={step !== 1} />
          <ContactSection prefix={prefix} errors={errors} values={draft?.values} hidden={step !== 2} />
          <PhotosSection prefix={prefix} hidden={step !== 3}>
            <div>
              <input
                ref={fileInput}
                id={photosId}
                type="file"
                multiple
                accept={fileInputAccept}
                disabled={full || preparing}
                onChange={(event) => void addFiles(event)}
                aria-describedby={`${photosId}-hint${errors.photos ? ` ${photosId}-error` : ""}`}
                aria-invalid={errors.photos ? true : undefined}
                className="peer sr-only"
              />
              <label
                htmlFor={photosId}
                className={`${buttonClass("secondary", { size: "wide" })} cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-red-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-50`}
              >
                Choose Files
              </label>
              <p className="mt-2 text-sm text-slate-600" aria-live="polite">
                {preparing ? "Preparing photos…" : `${files.length} of ${requestLimits.maxFiles} files chosen`}
              </p>
              {photosLost && files.length === 0 && (
                <p className="mt-2 rounded-md border-l-4 border-navy-900 bg-navy-50 p-3 text-sm font-semibold text-navy-900">
                  {photosLostMessage}
                </p>
              )}
              <FieldError id={photosId} message={errors.photos} />
            </div>
            <div role="alert">
              {refusedFiles.length > 0 && (
                <ul className="space-y-1 rounded-md border-l-4 border-brand-red-700 bg-red-50 p-3 text-sm font-semibold text-brand-red-800">
                  {refusedFiles.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              )}
            </div>
            {files.length > 0 && (
              <ul aria-label="Chosen files" className="divide-y divide-slate-200 rounded-md border border-slate-300">
                {files.map((file, index) => (
                  <li key={`${file.name}-${file.size}`} className="flex items-center gap-3 py-1 pr-1 pl-3">
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium break-all">{file.name}</span>
                      <span className="block text-sm text-slate-600">{formatFileSize(file.size)}</span>
                    </span>
                    <button
                      type="button"
                      onClick={() => removeFile(index)}
                      className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-brand-red-700 hover:bg-red-50"
                    >
                      <CloseIcon className="size-5" />
                      <span className="sr-only">Remove {file.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </PhotosSection>
          <ReferralSection prefix={prefix} errors={errors} values={draft?.values} hidden={step !== 4} />
          <CommentsSection prefix={prefix} errors={errors} values={draft?.values} hidden={step !== 5} />

          <div className="mt-6 space-y-4">
            {formError && step === stepCount && (
              <ErrorBanner>
                <p className="font-semibold">{formError}</p>
                <p className="mt-1">
                  <a href={telHref} className="font-bold underline underline-offset-4">
                    Call {phone}
                  </a>
                </p>
              </ErrorBanner>
            )}
            {upload && (
              <div>
                <p className="text-sm font-semibold text-navy-900">
                  {files.length > 0 ? "Uploading photos…" : "Sending your request…"}{" "}
                  {upload.total > 0 && `${formatFileSize(upload.sent)} of ${formatFileSize(upload.total)} (${uploadedPercent}%)`}
                </p>
                <div
                  role="progressbar"
                  aria-label={files.length > 0 ? "Uploading photos" : "Sending your request"}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={uploadedPercent}
                  className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
                >
                  <div className="h-full rounded-full bg-navy-900" style={{ width: `${uploadedPercent}%` }} />
                </div>
              </div>
            )}
          </div>
          {/* Pinned to the dialog's bottom edge while a step scrolls, so the way on is always in view on a phone. */}
          <div className="sticky bottom-0 -mx-4 mt-4 flex justify-between gap-3 border-t border-slate-200 bg-white px-4 py-3 sm:-mx-8 sm:px-8">
            <button type="button" disabled={step === 1 || submitting} onClick={() => goToStep(step - 1)} className={buttonClass("secondary", { size: "wide" })}>
              Previous
            </button>
            <button ref={submitButton} type="submit" disabled={submitting} className={buttonClass("accent", { size: "wide" })}>
              {step < stepCount ? "Next" : submitting ? "Submitting..." : "Submit Request"}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
