/** The rating the site shows, in the badge and in the search data alike. */
export interface Rating {
  /** Out of 5, to one decimal. */
  value: number;
  count: number;
  /** True when computed from the published reviews; false when it is the settings' figures. */
  fromReviews: boolean;
}

/**
 * One answer for every place that states the rating: the published reviews' average and number when
 * there are any, else the figures the office keeps in the settings (`defaultRating`: 5.0 from 150).
 */
export function ratingSummary(published: { sum: number; count: number }, settings: { ratingValue: number; ratingCount: number }): Rating {
  if (published.count > 0) {
    return { value: Math.round((published.sum / published.count) * 10) / 10, count: published.count, fromReviews: true };
  }
  return { value: Math.round(settings.ratingValue * 10) / 10, count: settings.ratingCount, fromReviews: false };
}

/** "4.8" — the way ratings are written, on the page and in JSON-LD. */
export function formatRating(value: number): string {
  return value.toFixed(1);
}
