import { Form } from "react-router";
import { useCompany } from "#app/components/site/use-company.ts";
import { telHref } from "#app/content/company.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { FieldError } from "#app/components/ui/field.tsx";
import { ErrorBanner } from "#app/components/ui/form-message.tsx";
import {
  CommentsSection,
  ContactSection,
  FieldErrorSummary,
  fieldId,
  HiddenFields,
  PhotosSection,
  ProblemSection,
  ReferralSection,
  useFieldErrors,
} from "./fields.tsx";
import { fileInputAccept } from "./files.ts";
import { photosField, type SubmissionResult } from "./submission.ts";
import { ThankYou } from "./thank-you.tsx";
import { withTopicNote, type RequestTopic } from "./topics.ts";

const prefix = "request-";

/** The photos of a refused form are not kept: the visitor must choose them again before sending. */
export function photosChooseAgainMessage(count: number): string {
  return count === 1
    ? "The photo you chose was not kept. Please choose it again before you submit."
    : `The ${count} photos you chose were not kept. Please choose them again before you submit.`;
}

/**
 * The request form as one page, for visitors without JavaScript (and the dialog's fallback):
 * a plain multipart post to /request, answered with this page again.
 */
export function RequestPageForm({
  result,
  formStart,
  topic,
}: {
  result: SubmissionResult | undefined;
  formStart: string;
  /** Reached from a topic's link (financing): the comments start with its note. */
  topic?: RequestTopic;
}) {
  const company = useCompany();
  const answered = result?.status === "invalid" ? result.fieldErrors : {};
  const [errors, , clearOnEdit] = useFieldErrors(answered);

  if (result?.status === "received") {
    return <ThankYou phone={company.phone} telHref={telHref(company.phone)} callbackPromiseMinutes={result.callbackPromiseMinutes} />;
  }

  const values = result?.values ?? (topic ? { additionalComments: withTopicNote("", topic) } : undefined);
  const photosId = fieldId(prefix, "photos");
  // A browser never refills a file field, and keeping a stranger's files between tries is a storage risk: say so plainly.
  const photosNotKept = result?.photosNotKept ?? 0;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action="/request"
      reloadDocument
      onChange={clearOnEdit}
      aria-label="Request a free assessment"
      className="space-y-10"
    >
      {result?.status === "refused" && (
        <ErrorBanner>
          <p className="font-semibold">{result.formError}</p>
        </ErrorBanner>
      )}
      {photosNotKept > 0 && (
        <p className="font-semibold text-navy-900">
          <a href={`#${photosId}`} className="underline underline-offset-4">
            {photosChooseAgainMessage(photosNotKept)}
          </a>
        </p>
      )}
      <FieldErrorSummary prefix={prefix} errors={answered} />
      <HiddenFields formStart={formStart} />
      <ProblemSection prefix={prefix} errors={errors} values={values} />
      <ContactSection prefix={prefix} errors={errors} values={values} />
      <PhotosSection prefix={prefix}>
        <PhotosField prefix={prefix} error={errors.photos} photosNotKept={photosNotKept} />
      </PhotosSection>
      <ReferralSection prefix={prefix} errors={errors} values={values} />
      <CommentsSection prefix={prefix} errors={errors} values={values} />
      <button type="submit" className={`${buttonClass("accent", { size: "wide" })} w-full text-lg sm:w-auto`}>
        Submit Request
      </button>
    </Form>
  );
}

/** The photos input of a one-page form: a browser cannot refill it, so a refused form says what to choose again. */
export function PhotosField({ prefix, error, photosNotKept }: { prefix: string; error: string | undefined; photosNotKept: number }) {
  const photosId = fieldId(prefix, "photos");
  return (
    <div>
      <label htmlFor={photosId} className="block font-semibold text-navy-900">
        Photos
      </label>
      <input
        id={photosId}
        name={photosField}
        type="file"
        multiple
        accept={fileInputAccept}
        aria-describedby={`${photosId}-hint${photosNotKept > 0 ? ` ${photosId}-again` : ""}${error ? ` ${photosId}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        className="mt-2 block w-full text-slate-700 file:mr-4 file:min-h-11 file:cursor-pointer file:rounded-md file:border-2 file:border-navy-900 file:bg-white file:px-4 file:font-bold file:text-navy-900 hover:file:bg-navy-50"
      />
      {photosNotKept > 0 && (
        <p id={`${photosId}-again`} className="mt-2 rounded-md border-l-4 border-navy-900 bg-navy-50 p-3 text-sm font-semibold text-navy-900">
          {photosChooseAgainMessage(photosNotKept)}
        </p>
      )}
      <FieldError id={photosId} message={error} />
    </div>
  );
}
