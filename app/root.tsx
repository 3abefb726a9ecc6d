import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { GeneralErrorBoundary } from "./components/site/error-boundary.tsx";
import { RouteAnnouncer } from "./components/ui/route-announcer.tsx";
import { defaultCompany } from "./content/company.ts";
import inlineStyles from "./app.css?inline";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/**
 * The whole stylesheet (about 7 KB of gzip) sits in the document, so the first paint waits for no
 * second request on a slow phone connection. Only the server bundle carries its text: React adopts
 * the rendered style element by its href when hydrating, without comparing the text.
 */
const styles = import.meta.env.SSR ? inlineStyles : "";

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b2545" />
        <Meta />
        <style href="app-styles" precedence="default">
          {styles}
        </style>
        <Links />
      </head>
      <body className="bg-white text-slate-900 antialiased">
        {children}
        <RouteAnnouncer />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return (
    <main tabIndex={-1} className="mx-auto max-w-xl px-4 py-16 outline-none">
      <GeneralErrorBoundary phone={defaultCompany.phone} />
    </main>
  );
}
