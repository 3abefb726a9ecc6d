import type { Ref } from "react";
import { buttonClass } from "#app/components/ui/button.ts";
import { callbackPromiseText } from "./callback-promise.ts";

type ThankYouProps = {
  phone: string;
  telHref: string;
  callbackPromiseMinutes: number;
  heading?: "h2" | "h3";
  headingRef?: Ref<HTMLHeadingElement>;
  /** In the dialog the two actions are buttons; without them (the page) they are plain links. */
  onReturnHome?: () => void;
  onSubmitAnother?: () => void;
};

/** The confirmation after a request is received: step 6 of the dialog and the page's answer. */
export function ThankYou({ phone, telHref, callbackPromiseMinutes, heading: Heading = "h2", headingRef, onReturnHome, onSubmitAnother }: ThankYouProps) {
  return (
    <div className="py-6 text-center">
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        className="mx-auto size-16 text-green-700"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="12" cy="12" r="10" />
        <path d="m8 12 3 3 5-6" />
      </svg>
      <Heading ref={headingRef} tabIndex={-1} className="mt-4 text-3xl font-black text-navy-900 outline-none">
        Thank You!
      </Heading>
      <p className="mx-auto mt-3 max-w-lg text-lg text-slate-700">
        Your request has been received. A specialist will review your request and reach out to you shortly.
      </p>
      <p className="mx-auto mt-3 max-w-lg text-lg font-bold text-navy-900">{callbackPromiseText(callbackPromiseMinutes)}</p>
      <p className="mt-4 text-slate-700">
        Need help right now? Call our 24/7 line:{" "}
        <a href={telHref} className="font-bold whitespace-nowrap text-brand-red-700 underline underline-offset-4">
          {phone}
        </a>
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {onReturnHome ? (
          <button type="button" onClick={onReturnHome} className={buttonClass("accent", { size: "wide" })}>
            Return to Homepage
          </button>
        ) : (
          <a href="/" className={buttonClass("accent", { size: "wide" })}>
            Return to Homepage
          </a>
        )}
        {onSubmitAnother ? (
          <button type="button" onClick={onSubmitAnother} className={buttonClass("secondary", { size: "wide" })}>
            Submit Another Request
          </button>
        ) : (
          <a href="/request" className={buttonClass("secondary", { size: "wide" })}>
            Submit Another Request
          </a>
        )}
      </div>
    </div>
  );
}
