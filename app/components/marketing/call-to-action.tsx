import { useCompany } from "#app/components/site/use-company.ts";
import { PhoneIcon } from "#app/components/ui/icons.tsx";
import { telHref } from "#app/content/company.ts";
import { RequestServiceLink } from "#app/features/service-request/request-dialog-host.tsx";

const callButtonTones = {
  navy: "bg-brand-red-700 text-white hover:bg-brand-red-800",
  // On a red background a red button would vanish (1.3:1): white stands out, with red words.
  red: "bg-white text-brand-red-800 hover:bg-red-50",
} as const;

/** The two ways to get help, side by side: call now, or ask for the free assessment. `tone` is the background they sit on. */
export function HelpButtons({ tone = "navy" }: { tone?: keyof typeof callButtonTones }) {
  const company = useCompany();
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <a
        href={telHref(company.phone)}
        className={`inline-flex min-h-12 items-center justify-center gap-2 rounded-md px-6 font-bold ${callButtonTones[tone]}`}
      >
        <PhoneIcon className="size-5" />
        Call {company.phone}
      </a>
      <RequestServiceLink className="inline-flex min-h-12 items-center justify-center rounded-md border-2 border-current px-6 font-bold hover:bg-white hover:text-navy-900">
        GET A FREE ASSESSMENT
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
