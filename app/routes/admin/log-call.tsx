import { data, Form, Link, redirect, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { cardClass } from "#app/components/ui/card.ts";
import { ErrorBanner } from "#app/components/ui/form-message.tsx";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import { useLastAnswer } from "#app/features/live/use-last-answer.ts";
import {
  CommentsSection,
  ContactSection,
  FieldErrorSummary,
  PhotosSection,
  ProblemSection,
  ReferralSection,
  useFieldErrors,
} from "#app/features/service-request/fields.tsx";
import { logPhoneCall } from "#app/features/service-request/phone-call.server.ts";
import { PhotosField } from "#app/features/service-request/request-page-form.tsx";
import { loadMessageSettings } from "#app/features/service-request/request-messages.server.ts";
import type { Route } from "./+types/log-call";

export const meta: Route.MetaFunction = () => [{ title: "Log a phone call | Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(request, context, "staff");
  return null;
}

/** The role is checked before a byte of the body is read; the intake then bounds and checks it as for the website's form. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireAccess(request, context, "staff");
  const settings = await loadMessageSettings(context);
  const { result, status } = await logPhoneCall(request, { id: member.id, email: member.email }, { ...context, settings });
  if (result.status === "logged") {
    context.notifyOutbox();
    throw redirect(`/admin/requests/${result.requestId}`);
  }
  return data(result, { status });
}

const prefix = "call-";

export default function LogCall({ actionData }: Route.ComponentProps) {
  const answer = useLastAnswer(actionData);
  const answered = answer?.status === "invalid" ? answer.fieldErrors : {};
  const [errors, , clearOnEdit] = useFieldErrors(answered);
  const busy = useNavigation().state === "submitting";
  const values = answer?.values;
  return (
    <>
      <p>
        <Link to="/admin/requests" className="font-semibold text-navy-900 underline underline-offset-4">
          All requests
        </Link>
      </p>
      <h1 className="mt-3 text-3xl font-black text-navy-900">Log a phone call</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Take down the caller's answers as a request, so every lead lives in the inbox. It is marked “Phone call”, and the office email and the
        webhook go out as for a request from the website; the caller gets no confirmation email.
      </p>
      {/* Keyed by the answer, so a refused form's values and errors are the ones shown. */}
      <Form
        key={JSON.stringify(answer ?? null)}
        method="post"
        encType="multipart/form-data"
        onChange={clearOnEdit}
        aria-label="Log a phone call"
        className={`${cardClass} mt-6 space-y-10`}
      >
        {answer?.status === "refused" && (
          <ErrorBanner>
            <p className="font-semibold">{answer.formError}</p>
          </ErrorBanner>
        )}
        <FieldErrorSummary prefix={prefix} errors={answered} />
        <ProblemSection prefix={prefix} errors={errors} values={values} />
        <ContactSection prefix={prefix} errors={errors} values={values} />
        <PhotosSection prefix={prefix}>
          <PhotosField prefix={prefix} error={errors.photos} photosNotKept={answer?.photosNotKept ?? 0} />
        </PhotosSection>
        <ReferralSection prefix={prefix} errors={errors} values={values} />
        <CommentsSection prefix={prefix} errors={errors} values={values} />
        <button type="submit" disabled={busy} className={`${buttonClass("accent", { size: "wide" })} w-full text-lg sm:w-auto`}>
          {busy ? "Saving…" : "Save Phone Call"}
        </button>
      </Form>
    </>
  );
}
