import type { ReactNode } from "react";
import { Link } from "react-router";
import { ShieldIcon } from "#app/components/ui/icons.tsx";

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-400 px-3 text-base focus:border-navy-900 focus:ring-2 focus:ring-navy-900 focus:outline-none aria-invalid:border-brand-red-700";
export const primaryButtonClass =
  "inline-flex min-h-11 w-full items-center justify-center rounded-md bg-navy-900 px-4 font-bold text-white hover:bg-navy-800 disabled:opacity-70";

/** The frame of the staff sign-in pages: no site chrome, one card, a way back to the public site. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main tabIndex={-1} className="flex min-h-screen flex-col items-center justify-center bg-slate-100 px-4 py-10 outline-none">
      <div className="w-full max-w-md rounded-xl bg-white p-6 shadow-lg sm:p-8">
        <p className="flex items-center gap-2 text-sm font-bold tracking-wide text-navy-900 uppercase">
          <ShieldIcon className="size-5" />
          Staff area
        </p>
        <h1 className="mt-2 text-2xl font-black text-navy-900">{title}</h1>
        <div className="mt-6">{children}</div>
      </div>
      <Link to="/" className="mt-6 font-semibold text-navy-900 underline underline-offset-4">
        Back to the website
      </Link>
    </main>
  );
}

/** A red alert for failures, a green status for good news: both read out when they appear. */
export function FormMessage({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  return tone === "error" ? (
    <p role="alert" className="rounded-md border border-brand-red-700 bg-red-50 p-3 font-semibold text-brand-red-800">
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-md border border-green-700 bg-green-50 p-3 font-semibold text-green-900">
      {children}
    </p>
  );
}
