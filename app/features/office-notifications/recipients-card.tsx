import type { ReactNode } from "react";
import { cardClass } from "#app/components/ui/card.ts";

/** The saved notification recipients, as every staff member may read them, with what the page adds below. */
export function RecipientsCard({ recipients, children }: { recipients: string[]; children?: ReactNode }) {
  return (
    <section className={cardClass} aria-labelledby="recipients-title">
      <h2 id="recipients-title" className="text-xl font-black text-navy-900">
        Who is emailed about new requests
      </h2>
      <ul className="mt-2 space-y-1">
        {recipients.map((recipient) => (
          <li key={recipient} className="font-semibold break-all">
            {recipient}
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}
