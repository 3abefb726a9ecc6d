import type { ReactNode } from "react";

/** A red alert for a failure, a green status for good news: both read out when they appear. */
export function FormMessage({ tone, id, children }: { tone: "error" | "success"; id?: string; children: ReactNode }) {
  return tone === "error" ? (
    <p id={id} role="alert" className="rounded-md border border-brand-red-700 bg-red-50 p-3 font-semibold text-brand-red-800">
      {children}
    </p>
  ) : (
    <p id={id} role="status" className="rounded-md border border-green-700 bg-green-50 p-3 font-semibold text-green-900">
      {children}
    </p>
  );
}

/** A failure banner with a red edge, for a message with a list or links in it. */
export function ErrorBanner({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-md border-l-4 border-brand-red-700 bg-red-50 p-4 text-brand-red-800">
      {children}
    </div>
  );
}
