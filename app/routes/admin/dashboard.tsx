import { Link } from "react-router";
import { cardClass } from "#app/components/ui/card.ts";
import { lastContentChange } from "#app/features/admin/last-change.server.ts";
import { sectionsFor } from "#app/features/admin/sections.ts";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import { leadFigures } from "#app/features/dashboard/figures.server.ts";
import { LeadFiguresPanel } from "#app/features/dashboard/lead-figures.tsx";
import { loadSiteStatus, type SiteStatus } from "#app/features/dashboard/site-status.server.ts";
import { deliveryProblems } from "#app/features/inbox/deliveries.server.ts";
import { DeliveryAlert } from "#app/features/inbox/deliveries.tsx";
import { countNewRequests } from "#app/features/inbox/inbox.server.ts";
import { officeTimeZone } from "#app/domain/office-time.ts";
import type { MailChannel } from "#server/mail.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireAccess(request, context, "staff");
  const [status, lastChange, newRequests, undelivered, figures] = await Promise.all([
    loadSiteStatus(context),
    lastContentChange(context.db),
    countNewRequests(context.db),
    deliveryProblems(context.db),
    leadFigures(context.db),
  ]);
  return {
    status,
    sections: sectionsFor(member.role),
    lastChange: lastChange?.toISOString() ?? null,
    newRequests,
    undelivered,
    figures,
    mailDelivery: context.mailDelivery,
  };
}

const officeDate = new Intl.DateTimeFormat("en-US", { timeZone: officeTimeZone, dateStyle: "medium" });
const officeTime = new Intl.DateTimeFormat("en-US", { timeZone: officeTimeZone, timeStyle: "short" });

/** "Today at 3:04 PM" or "Nov 2, 2026 at 3:04 PM", in the office's time zone. */
function describeChange(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const day = officeDate.format(at) === officeDate.format(now) ? "Today" : officeDate.format(at);
  return `${day} at ${officeTime.format(at)}`;
}


/** Shown while this server has no mail server: every email only becomes a file here, which nobody reads. */
function MailNotSetUp() {
  return (
    <section role="alert" aria-labelledby="mail-warning-title" className="mt-6 rounded-xl border-l-4 border-brand-red-700 bg-red-50 p-5">
      <h2 id="mail-warning-title" className="text-xl font-black text-brand-red-800">
        Emails are not being sent
      </h2>
      <p className="mt-1 text-slate-800">
        No mail server is set up, so every email is only saved as a file on this server and nobody receives it: not the office&apos;s
        alerts about new requests, not the visitors&apos; confirmations, and new staff cannot confirm their address to sign up.
      </p>
      <p className="mt-2 text-slate-800">
        Ask whoever runs the website to set <code className="font-semibold">SMTP_URL</code> to your mail server&apos;s address and
        restart it. Until then, check new requests here.
      </p>
    </section>
  );
}

/** How emails leave this server, in a word: the dashboard promises no more than that. */
function mailState(mailDelivery: MailChannel, undelivered: number): { text: string; good: boolean } {
  if (mailDelivery === "file") return { text: "Not sent: no mail server", good: false };
  return undelivered > 0 ? { text: "Some not delivered", good: false } : { text: "Sent by the mail server", good: true };
}

/** "Live" only when the site's parts answered just now; otherwise each problem in words. */
function StatusCard({ status }: { status: SiteStatus }) {
  return (
    <section className={`${cardClass} sm:col-span-3`} aria-labelledby="status-title">
      <h2 id="status-title" className="text-sm font-bold tracking-wide text-slate-700 uppercase">
        Site status
      </h2>
      <p className={`mt-2 flex items-center gap-2 text-xl font-black ${status.live ? "text-green-800" : "text-brand-red-800"}`}>
        <span className={`size-3 rounded-full ${status.live ? "bg-green-600" : "bg-brand-red-700"}`} aria-hidden="true" />
        {status.live ? "Live" : "Needs attention"}
      </p>
      {status.live ? (
        <p className="mt-1 text-slate-700">The database, the photo storage and the email sender answered just now.</p>
      ) : (
        <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-800">
          {status.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {status.note && <p className="mt-1 text-slate-700">{status.note}</p>}
    </section>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const mail = mailState(loaderData.mailDelivery, loaderData.undelivered.length);
  return (
    <>
      <h1 className="text-3xl font-black text-navy-900">Dashboard</h1>
      {loaderData.mailDelivery === "file" && <MailNotSetUp />}
      <DeliveryAlert problems={loaderData.undelivered} />
      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <StatusCard status={loaderData.status} />
        <section className={cardClass} aria-labelledby="mail-title">
          <h2 id="mail-title" className="text-sm font-bold tracking-wide text-slate-700 uppercase">
            Emails
          </h2>
          <p className={`mt-2 flex items-center gap-2 text-xl font-black ${mail.good ? "text-green-800" : "text-brand-red-800"}`}>
            <span className={`size-3 rounded-full ${mail.good ? "bg-green-600" : "bg-brand-red-700"}`} aria-hidden="true" />
            {mail.text}
          </p>
        </section>
        <section className={cardClass} aria-labelledby="updated-title">
          <h2 id="updated-title" className="text-sm font-bold tracking-wide text-slate-700 uppercase">
            Last Updated
          </h2>
          <p className="mt-2 text-xl font-black text-navy-900">
            {loaderData.lastChange ? <time dateTime={loaderData.lastChange}>{describeChange(loaderData.lastChange)}</time> : "Never"}
          </p>
        </section>
        <section className={cardClass} aria-labelledby="site-title">
          <h2 id="site-title" className="text-sm font-bold tracking-wide text-slate-700 uppercase">
            Website
          </h2>
          <a
            href="/"
            target="_blank"
            rel="noopener"
            className="mt-2 inline-block text-xl font-black text-navy-900 underline underline-offset-4"
          >
            View Live Site<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </section>
      </div>
      <h2 className="mt-10 text-xl font-black text-navy-900">Sections</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.sections.map((section) => (
          <li key={section.path}>
            <Link to={section.path} className={`${cardClass} block h-full hover:ring-2 hover:ring-navy-900`}>
              <span className="flex items-center justify-between gap-2 text-lg font-black text-navy-900">
                {section.title}
                {section.path === "/admin/requests" && (
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-sm ${loaderData.newRequests > 0 ? "bg-brand-red-700 text-white" : "bg-slate-200 text-slate-800"}`}
                  >
                    {loaderData.newRequests} new
                  </span>
                )}
              </span>
              <span className="mt-1 block text-slate-700">{section.description}</span>
            </Link>
          </li>
        ))}
      </ul>
      <LeadFiguresPanel figures={loaderData.figures} />
    </>
  );
}
