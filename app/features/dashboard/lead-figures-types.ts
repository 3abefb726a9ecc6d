interface WeekFigures {
  week: string;
  byProblem: Record<string, number>;
  total: number;
}

/** The dashboard's figures over real requests, as the server reads them and the page draws them. */
export interface LeadFigures {
  weeks: WeekFigures[];
  /** Problem types that appear in the weeks shown, most requests first. */
  problems: string[];
  referralSources: { source: string; total: number }[];
  last30Days: { total: number; urgent: number; phoneCalls: number; medianMinutesToContact: number | null; contacted: number };
}
