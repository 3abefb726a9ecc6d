import { requestStatuses, statusLabels, type RequestStatus } from "#app/domain/request-statuses.ts";

const tones: Record<RequestStatus, string> = {
  new: "bg-brand-red-700 text-white",
  contacted: "bg-amber-100 text-amber-900",
  scheduled: "bg-blue-100 text-blue-900",
  closed: "bg-slate-200 text-slate-800",
  suspected: "bg-amber-200 text-amber-950",
  spam: "bg-slate-800 text-white",
};

/** The status as a word on a coloured pill: the word carries the meaning, the colour only helps. */
export function StatusBadge({ status }: { status: RequestStatus }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-bold ${tones[status]}`}>{statusLabels[status]}</span>;
}

/** The statuses as `<option>`s, for the filter and the status form. */
export function StatusOptions() {
  return requestStatuses.map((status) => (
    <option key={status} value={status}>
      {statusLabels[status]}
    </option>
  ));
}

/** Marks a request the urgency rule flagged (water still running, standing water, fire or sewage). */
export function UrgentBadge() {
  return <span className="inline-block rounded-full bg-amber-300 px-2.5 py-0.5 text-sm font-black text-slate-950 uppercase">Urgent</span>;
}
