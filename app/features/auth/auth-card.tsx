import type { ReactNode } from "react";
import { Link } from "react-router";
import { ShieldIcon } from "#app/components/ui/icons.tsx";

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
