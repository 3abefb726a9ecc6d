import { useCompany } from "#app/components/site/use-company.ts";
import { PhoneIcon } from "#app/components/ui/icons.tsx";
import { telHref } from "#app/content/company.ts";
import { RequestServiceLink } from "#app/features/service-request/request-dialog-host.tsx";

/** The two ways to get help, side by side: call now, or ask for the free assessment. */
export function HelpButtons({ requestLabel = "GET A FREE ASSESSMENT" }: { requestLabel?: string }) {
  const company = useCompany();
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <a
        href={telHref(company.phone)}
        className="inline-flex min-h-12 items-center justify-center gap-2 rounded-md bg-brand-red-700 px-6 font-bold text-white hover:bg-brand-red-800"
      >
        <PhoneIcon className="size-5" />
        Call {company.phone}
      </a>
      <RequestServiceLink className="inline-flex min-h-12 items-center justify-center rounded-md border-2 border-current px-6 font-bold hover:bg-white hover:text-navy-900">
        {requestLabel}
      </RequestServiceLink>
    </div>
  );
}

/** The closing section of a public page: one more, unmissable way to get help. */
export function CallToActionSection({ title, text }: { title: string; text: string }) {
  return (
    <section aria-labelledby="cta-title" className="bg-navy-900 text-white">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center">
        <h2 id="cta-title" className="text-3xl font-black md:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-navy-100">{text}</p>
        <div className="mt-8 flex justify-center">
          <HelpButtons />
        </div>
      </div>
    </section>
  );
}
