import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { telHref } from "#app/content/company.ts";

export const notFoundTitle = "Oops! Page not found";
export const unexpectedErrorTitle = "Unexpected Application Error!";

export function NotFound() {
  return (
    <section className="py-16 text-center" aria-labelledby="not-found-title">
      <p className="text-6xl font-black text-navy-900" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-2xl font-bold">
        {notFoundTitle}
      </h1>
      <p className="mt-6">
        <Link to="/" className="font-semibold text-brand-red-700 underline underline-offset-4">
          Return to Home
        </Link>
      </p>
    </section>
  );
}

/**
 * One boundary for every route. The visitor sees a plain message, the emergency line and a
 * way on, never the error's details: those are in the server's log.
 */
export function GeneralErrorBoundary({ phone }: { phone: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section className="py-16 text-center" aria-labelledby="error-title">
      <h1 id="error-title" className="text-2xl font-bold">
        {unexpectedErrorTitle}
      </h1>
      <p className="mt-4">Something went wrong on our side. Please try again in a moment.</p>
      <p className="mt-4">
        Need help now? Call{" "}
        <a href={telHref(phone)} className="font-bold text-brand-red-700 underline underline-offset-4">
          {phone}
        </a>
      </p>
      <p className="mt-6">
        <a href="/" className="font-semibold text-navy-900 underline underline-offset-4">
          Return to Home
        </a>
      </p>
    </section>
  );
}
