import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { defaultRating, type ServedTown } from "#app/content/company.ts";
import type { AppContext } from "#server/context.ts";
import { projects, reviews, siteSettings } from "#server/db/schema.ts";
import { ratingSummary, type Rating } from "./rating.ts";
import type { PublicProject, PublicReview, Showcase } from "./showcase-types.ts";
import type { ShowcaseService } from "#app/domain/showcase.ts";

type Readers = Pick<AppContext, "db" | "logger">;

/** Which items a page shows: its service, its town, or both (every published item when neither). */
export interface ShowcaseFilter {
  /** One service, or several for a page that covers more than one (fire and mold). */
  service?: ShowcaseService | readonly ShowcaseService[];
  town?: ServedTown;
  /** At most this many, in the office's order. */
  limit?: number;
}

function published(table: typeof projects | typeof reviews, { service, town }: ShowcaseFilter): SQL | undefined {
  const ofService = typeof service === "string" ? eq(table.service, service) : service ? inArray(table.service, [...service]) : undefined;
  return and(eq(table.status, "published"), ofService, town ? eq(table.town, town) : undefined);
}

/** Published projects only (drafts never leave the admin), in the office's order; none when the database fails (logged). */
export async function loadPublishedProjects({ db, logger }: Readers, filter: ShowcaseFilter = {}): Promise<PublicProject[]> {
  try {
    const rows = await db
      .select()
      .from(projects)
      .where(published(projects, filter))
      .orderBy(asc(projects.position))
      .limit(filter.limit ?? 100);
    return rows
      .filter((row) => row.photoUrl !== "" && row.photoAlt !== "")
      .map((row) => ({
        caption: row.caption,
        service: row.service,
        town: row.town,
        completedOn: row.completedOn,
        photo: { url: row.photoUrl, alt: row.photoAlt, placeholder: row.photoPlaceholder },
        before: row.beforeUrl && row.beforeAlt ? { url: row.beforeUrl, alt: row.beforeAlt, placeholder: row.beforePlaceholder } : null,
      }));
  } catch (error) {
    logger.error({ err: error }, "Error loading projects:");
    return [];
  }
}

/** Published reviews only, in the office's order; none when the database fails (logged). */
export async function loadPublishedReviews({ db, logger }: Readers, filter: ShowcaseFilter = {}): Promise<PublicReview[]> {
  try {
    return await db
      .select({
        name: reviews.name,
        town: reviews.town,
        service: reviews.service,
        rating: reviews.rating,
        text: reviews.text,
        reviewedOn: reviews.reviewedOn,
        source: reviews.source,
      })
      .from(reviews)
      .where(published(reviews, filter))
      .orderBy(asc(reviews.position))
      .limit(filter.limit ?? 100);
  } catch (error) {
    logger.error({ err: error }, "Error loading reviews:");
    return [];
  }
}

/** The site's rating: every published review (whatever the page), else the settings' figures, else the spec's. */
export async function loadRating({ db, logger }: Readers): Promise<Rating> {
  try {
    const [[totals], [settings]] = await Promise.all([
      db
        .select({ sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`, count: sql<number>`count(*)::int` })
        .from(reviews)
        .where(eq(reviews.status, "published")),
      db.select({ ratingValue: siteSettings.ratingValue, ratingCount: siteSettings.ratingCount }).from(siteSettings).limit(1),
    ]);
    return ratingSummary(totals ?? { sum: 0, count: 0 }, settings ?? defaultRating);
  } catch (error) {
    logger.error({ err: error }, "Error loading the rating:");
    return ratingSummary({ sum: 0, count: 0 }, defaultRating);
  }
}

/** Everything the projects and reviews sections of one page need, read together. */
export async function loadShowcase(readers: Readers, filter: ShowcaseFilter = {}): Promise<Showcase> {
  const [projectList, reviewList, rating] = await Promise.all([
    loadPublishedProjects(readers, { limit: 6, ...filter }),
    loadPublishedReviews(readers, { limit: 6, ...filter }),
    loadRating(readers),
  ]);
  return { projects: projectList, reviews: reviewList, rating };
}
