import { cardClass } from "#app/components/ui/card.ts";
import { formatDuration } from "#app/features/service-request/callback-promise.ts";
import type { problemTypes } from "#app/features/service-request/catalogue.ts";
import type { LeadFigures } from "./lead-figures-types.ts";

/** One colour per problem type, distinct enough side by side; the table beside carries the numbers. */
const problemColours: Record<(typeof problemTypes)[number], string> = {
  "Water damage": "#1d4ed8",
  "Fire damage": "#b91c1c",
  "Mold concern": "#15803d",
  "Storm damage": "#7c3aed",
  "Sewage backup": "#92400e",
  "Odor or smoke issue": "#475569",
  "Reconstruction or rebuild": "#0f766e",
  "General inquiry": "#c2410c",
};
const colourOf = (problem: string) => problemColours[problem as keyof typeof problemColours] ?? "#334155";

const weekLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const shortWeek = (week: string) => weekLabel.format(new Date(`${week}T00:00:00Z`));

const heading = "text-sm font-bold tracking-wide text-slate-700 uppercase";

/** Stacked bars, drawn on the server as SVG: no chart code reaches any browser bundle but the admin's. */
function WeeklyChart({ figures }: { figures: LeadFigures }) {
  const width = 640;
  const height = 220;
  const chartTop = 10;
  const chartBottom = height - 30;
  const largest = Math.max(1, ...figures.weeks.map((week) => week.total));
  const slot = width / figures.weeks.length;
  const barWidth = slot * 0.6;
  const scale = (chartBottom - chartTop) / largest;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="weekly-chart-title" className="mt-3 h-auto w-full">
      <title id="weekly-chart-title">Requests per week for the last 12 weeks, by problem type; the same numbers are in the table below.</title>
      <line x1={0} x2={width} y1={chartBottom} y2={chartBottom} stroke="#94a3b8" />
      {figures.weeks.map((week, index) => {
        let top = chartBottom;
        const x = index * slot + (slot - barWidth) / 2;
        return (
          <g key={week.week}>
            {figures.problems.map((problem) => {
              const value = week.byProblem[problem] ?? 0;
              if (value === 0) return null;
              const barHeight = value * scale;
              top -= barHeight;
              return <rect key={problem} x={x} y={top} width={barWidth} height={barHeight} fill={colourOf(problem)} />;
            })}
            {week.total > 0 && (
              <text x={x + barWidth / 2} y={top - 3} textAnchor="middle" fontSize="12" fill="#0f172a">
                {week.total}
              </text>
            )}
            <text x={x + barWidth / 2} y={height - 10} textAnchor="middle" fontSize="11" fill="#334155">
              {shortWeek(week.week)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function formatMinutes(minutes: number | null): string {
  return minutes === null ? "No request contacted yet" : formatDuration(minutes);
}

/** The dashboard's lead figures: weekly requests by problem, where they come from, urgency and speed. */
export function LeadFiguresPanel({ figures }: { figures: LeadFigures }) {
  const { last30Days } = figures;
  const urgentShare = last30Days.total === 0 ? null : Math.round((last30Days.urgent / last30Days.total) * 100);
  return (
    <section aria-labelledby="figures-title" className="mt-10">
      <h2 id="figures-title" className="text-xl font-black text-navy-900">
        Lead figures
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <section className={cardClass} aria-labelledby="urgent-share-title">
          <h3 id="urgent-share-title" className={heading}>
            Urgent share (last 30 days)
          </h3>
          <p className="mt-2 text-xl font-black text-navy-900">
            {urgentShare === null ? "No requests yet" : `${urgentShare}% (${last30Days.urgent} of ${last30Days.total})`}
          </p>
          {last30Days.total > 0 && (
          <p className="text-sm text-slate-700">
            {last30Days.phoneCalls === 1 ? "1 of them was a phone call" : `${last30Days.phoneCalls} of them were phone calls`} logged by staff
          </p>
          )}
        </section>
        <section className={cardClass} aria-labelledby="median-title">
          <h3 id="median-title" className={heading}>
            Median time to contact (last 30 days)
          </h3>
          <p className="mt-2 text-xl font-black text-navy-900">{formatMinutes(last30Days.medianMinutesToContact)}</p>
          <p className="text-sm text-slate-700">
            From received to “Contacted”, over {last30Days.contacted} {last30Days.contacted === 1 ? "request" : "requests"}
          </p>
        </section>
      </div>

      <section className={`${cardClass} mt-4`} aria-labelledby="weekly-title">
        <h3 id="weekly-title" className={heading}>
          Weekly volume by problem (last 12 weeks)
        </h3>
        <WeeklyChart figures={figures} />
        {figures.problems.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Chart colours">
            {figures.problems.map((problem) => (
              <li key={problem} className="flex items-center gap-1">
                <span className="inline-block size-3 rounded-sm" style={{ backgroundColor: colourOf(problem) }} aria-hidden="true" />
                {problem}
              </li>
            ))}
          </ul>
        )}
        {/* Focusable, so a keyboard can scroll a wide table on a phone. */}
        <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label="Weekly numbers">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Requests per week by problem type</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-3">
                  Week of
                </th>
                {figures.problems.map((problem) => (
                  <th key={problem} scope="col" className="pr-3 text-right">
                    {problem}
                  </th>
                ))}
                <th scope="col" className="text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.weeks.map((week) => (
                <tr key={week.week} className="border-t border-slate-200">
                  <th scope="row" className="py-1 pr-3 font-semibold">
                    {shortWeek(week.week)}
                  </th>
                  {figures.problems.map((problem) => (
                    <td key={problem} className="pr-3 text-right">
                      {week.byProblem[problem] ?? 0}
                    </td>
                  ))}
                  <td className="text-right font-bold">{week.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className={`${cardClass} mt-4`} aria-labelledby="referrals-title">
        <h3 id="referrals-title" className={heading}>
          Top referral sources (last 12 weeks)
        </h3>
        {figures.referralSources.length === 0 ? (
          <p className="mt-2">No visitor has said yet how they heard about us.</p>
        ) : (
          <ol className="mt-2 space-y-1">
            {figures.referralSources.map((referral) => (
              <li key={referral.source} className="flex justify-between gap-3">
                <span>{referral.source}</span>
                <span className="font-bold">{referral.total}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}
