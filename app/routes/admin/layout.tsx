import { useEffect, type ReactNode } from "react";
import { Form, isRouteErrorResponse, Link, Outlet, useLocation, useNavigation, useRouteError } from "react-router";
import { GeneralErrorBoundary } from "#app/components/site/error-boundary.tsx";
import { ShieldIcon } from "#app/components/ui/icons.tsx";
import { defaultCompany } from "#app/content/company.ts";
import { requireAccess, type AccessRefusal } from "#app/features/auth/guard.server.ts";
import { countNewRequests } from "#app/features/inbox/inbox.server.ts";
import { useLiveAdmin, type LiveState } from "#app/features/live/use-live-admin.ts";
import { latestEventId } from "#server/live-events.ts";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [{ title: "Admin" }, { name: "robots", content: "noindex" }];

/** The admin installs as an app of its own: its manifest and service worker cover `/admin/` only. */
export const links: Route.LinksFunction = () => [{ rel: "manifest", href: "/admin/manifest.webmanifest" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireAccess(request, context, "staff");
  // Read before the counts: an event after this id may change them, so the live stream replays it.
  const liveSince = await latestEventId(context.db);
  return { email: member.email, role: member.role, newRequests: await countNewRequests(context.db), liveSince };
}

/** "(3) Requests | Admin": the requests waiting for a call back, in the tab's title, on every admin page. */
function useCountInTitle(count: number) {
  const { key } = useLocation();
  useEffect(() => {
    const title = document.title.replace(/^\(\d+\) /, "");
    document.title = count > 0 ? `(${count}) ${title}` : title;
  }, [count, key]);
}

/** The worker that shows push alerts and makes the admin installable; registered on every admin page. */
function useServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("/admin/sw.js", { scope: "/admin/" }).catch(() => {});
  }, []);
}

const liveTexts: Record<LiveState, string> = { live: "Live", reconnecting: "Reconnecting…" };

function LiveIndicator({ state }: { state: LiveState }) {
  return (
    <span className="inline-flex min-h-11 items-center gap-2 px-2 text-sm" title="New requests and changes appear without reloading">
      <span aria-hidden="true" className={`size-2.5 rounded-full ${state === "live" ? "bg-green-400" : "bg-amber-300"}`} />
      {liveTexts[state]}
      <span className="sr-only"> updates</span>
    </span>
  );
}

const barLink = "inline-flex min-h-11 items-center rounded-md px-3 font-semibold hover:bg-navy-800";

function SignOutButton() {
  return (
    <Form method="post" action="/auth/sign-out">
      <button type="submit" className={barLink}>
        Sign Out
      </button>
    </Form>
  );
}

/** A bar across the top while a page loads or a form is sent, so a slow connection never looks frozen (buttons say it too). */
function NavigationProgress() {
  if (useNavigation().state === "idle") return null;
  return <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-red-600" />;
}

/** The admin frame: where you are, the way back, the public site in a new tab, and the way out. */
function AdminFrame({ email, live, children }: { email?: string; live?: LiveState | null; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-100">
      <NavigationProgress />
      <header className="bg-navy-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2">
          <p className="flex items-center gap-2 font-black">
            <ShieldIcon className="size-5" />
            Admin
            {email && <span className="hidden text-sm font-normal text-navy-100 sm:inline">· {email}</span>}
          </p>
          <nav aria-label="Admin" className="flex flex-wrap items-center gap-1">
            {live && <LiveIndicator state={live} />}
            <Link to="/admin" className={barLink}>
              Back to Dashboard
            </Link>
            <Link to="/admin/alerts" className={barLink}>
              Alerts
            </Link>
            <a href="/" target="_blank" rel="noopener" className={barLink}>
              Preview<span className="sr-only"> (opens the public site in a new tab)</span>
            </a>
            <SignOutButton />
          </nav>
        </div>
      </header>
      <main tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 outline-none">
        {children}
      </main>
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const live = useLiveAdmin(loaderData.liveSince);
  useCountInTitle(loaderData.newRequests);
  useServiceWorker();
  return (
    <AdminFrame email={loaderData.email} live={live}>
      <Outlet />
    </AdminFrame>
  );
}

const refusalTexts: Record<AccessRefusal["refusal"], { title: string; text: string }> = {
  pending: {
    title: "Your account awaits approval",
    text: "Your account awaits approval by an administrator. Once approved, this page becomes your dashboard.",
  },
  revoked: { title: "Your access has ended", text: "An administrator has revoked this account's access to the admin." },
  "admin-only": { title: "Administrators only", text: "This page is for administrators. Ask one if you need something changed here." },
};

function isRefusal(value: unknown): value is AccessRefusal {
  return (
    typeof value === "object" && value !== null && "refusal" in value && typeof value.refusal === "string" && value.refusal in refusalTexts
  );
}

/** A refused account is told why, and can sign out; anything else is the site's error screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403 && isRefusal(error.data)) {
    const { title, text } = refusalTexts[error.data.refusal];
    return (
      <AdminFrame email={error.data.email}>
        <section aria-labelledby="refusal-title" className="rounded-xl bg-white p-6 shadow">
          <h1 id="refusal-title" className="text-2xl font-black text-navy-900">
            {title}
          </h1>
          <p className="mt-3 text-lg">{text}</p>
        </section>
      </AdminFrame>
    );
  }
  return (
    <AdminFrame>
      <GeneralErrorBoundary phone={defaultCompany.phone} />
    </AdminFrame>
  );
}
