import type { ServedTown } from "#app/content/company.ts";
import { StoredImage } from "#app/components/ui/stored-image.tsx";
import { mediaAspect } from "#app/domain/media.ts";
import { formatRating, type Rating } from "./rating.ts";
import { showcaseServiceLabel, type ShowcaseService } from "#app/domain/showcase.ts";
import type { PublicPhoto, PublicProject, PublicReview, Showcase } from "./showcase-types.ts";

const section = "mx-auto max-w-7xl px-4 py-16";
const heading = "text-3xl font-black text-navy-900 md:text-4xl";

const monthYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** "March 2026" for a stored calendar date. */
function formatMonth(isoDate: string | null): string | null {
  return isoDate ? monthYear.format(new Date(`${isoDate}T00:00:00Z`)) : null;
}

/** Where the section stands: "in Ambler", "water damage", both, or the whole area. */
function scope(service?: ShowcaseService, town?: ServedTown): string {
  const kind = service ? showcaseServiceLabel(service)?.toLowerCase() : undefined;
  return [kind, town && `in ${town}`].filter(Boolean).join(" ");
}

/** Five stars, the first `rating` filled: a picture of the number the text beside it says. */
export function Stars({ rating, className = "size-5" }: { rating: number; className?: string }) {
  return (
    <span aria-hidden="true" className="inline-flex text-amber-600">
      {[1, 2, 3, 4, 5].map((star) => (
        <svg
          key={star}
          viewBox="0 0 20 20"
          className={className}
          fill={star <= Math.round(rating) ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="m10 1.8 2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8z" />
        </svg>
      ))}
    </span>
  );
}

/** The rating in words and stars; the one badge every page shows, from `loadRating`. */
export function RatingBadge({ rating, tone = "light" }: { rating: Rating; tone?: "light" | "dark" }) {
  return (
    <p className={`flex flex-wrap items-center gap-2 font-bold ${tone === "dark" ? "text-white" : "text-navy-900"}`}>
      <Stars rating={rating.value} />
      <span>
        Rated {formatRating(rating.value)} out of 5 from {rating.count} {rating.count === 1 ? "review" : "reviews"}
      </span>
    </p>
  );
}

function ProjectPhoto({ photo, label }: { photo: PublicPhoto; label?: string }) {
  const aspect = mediaAspect(photo.url) ?? { width: 4, height: 3 };
  return (
    <div className="relative">
      <StoredImage
        src={photo.url}
        alt={photo.alt}
        placeholder={photo.placeholder}
        sizes="(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 90vw"
        width={aspect.width * 240}
        height={aspect.height * 240}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full rounded-lg bg-slate-200 object-cover"
      />
      {label && <span className="absolute top-2 left-2 rounded bg-navy-900 px-2 py-0.5 text-sm font-bold text-white">{label}</span>}
    </div>
  );
}

/**
 * Recent jobs with their photos: the published projects a loader gave (`loadShowcase` or
 * `loadPublishedProjects`, filtered by the page's service and town). With none it renders nothing,
 * or `emptyNote` when the page wants to say so: never another page's pictures.
 */
export function ProjectsSection({
  projects,
  service,
  town,
  title,
  emptyNote,
}: {
  projects: PublicProject[];
  service?: ShowcaseService;
  town?: ServedTown;
  title?: string;
  emptyNote?: string;
}) {
  if (projects.length === 0 && !emptyNote) return null;
  const where = scope(service, town);
  return (
    <section aria-labelledby="projects-title" className="bg-white">
      <div className={section}>
        <h2 id="projects-title" className={heading}>
          {title ?? (where ? `Recent Projects: ${where}` : "Recent Projects")}
        </h2>
        {projects.length === 0 ? (
          <p className="mt-4 text-lg text-slate-700">{emptyNote}</p>
        ) : (
          <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {projects.map((project, index) => {
              const details = [
                project.service && showcaseServiceLabel(project.service),
                project.town && `${project.town}, PA`,
                formatMonth(project.completedOn),
              ].filter(Boolean);
              return (
                <li key={`${project.photo.url}-${index}`}>
                  <figure>
                    {project.before ? (
                      <div className="grid grid-cols-2 gap-2">
                        <ProjectPhoto photo={project.before} label="Before" />
                        <ProjectPhoto photo={project.photo} label="After" />
                      </div>
                    ) : (
                      <ProjectPhoto photo={project.photo} />
                    )}
                    <figcaption className="mt-3">
                      <span className="block font-bold text-navy-900">{project.caption}</span>
                      {details.length > 0 && <span className="block text-sm text-slate-700">{details.join(" · ")}</span>}
                    </figcaption>
                  </figure>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

/**
 * What customers wrote: the published reviews a loader gave (filtered like the projects), under the
 * site's rating. With no review of its own it renders nothing, or `emptyNote`.
 */
export function ReviewsSection({
  reviews,
  rating,
  service,
  town,
  title,
  emptyNote,
}: {
  reviews: PublicReview[];
  rating: Rating;
  service?: ShowcaseService;
  town?: ServedTown;
  title?: string;
  emptyNote?: string;
}) {
  if (reviews.length === 0 && !emptyNote) return null;
  const where = scope(service, town);
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="bg-navy-50">
      <div className={section}>
        <h2 id="reviews-title" className={heading}>
          {title ?? (where ? `What Customers Say: ${where}` : "What Our Customers Say")}
        </h2>
        <div className="mt-3">
          <RatingBadge rating={rating} />
        </div>
        {reviews.length === 0 ? (
          <p className="mt-4 text-lg text-slate-700">{emptyNote}</p>
        ) : (
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {reviews.map((review, index) => {
              const when = formatMonth(review.reviewedOn);
              return (
                <li key={`${review.name}-${index}`} className="flex flex-col rounded-xl bg-white p-6 shadow-sm">
                  <figure className="flex grow flex-col">
                    <p className="flex items-center gap-2">
                      <Stars rating={review.rating} />
                      <span className="sr-only">Rated {review.rating} out of 5</span>
                    </p>
                    <blockquote className="mt-3 grow whitespace-pre-line text-slate-800">{review.text}</blockquote>
                    <figcaption className="mt-4 text-sm text-slate-700">
                      <span className="block font-bold text-navy-900">
                        {review.name}
                        {review.town && `, ${review.town}`}
                      </span>
                      {[review.source && `on ${review.source}`, when].filter(Boolean).join(" · ")}
                    </figcaption>
                  </figure>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

/**
 * A service or town page's own projects and reviews (what `loadShowcase` read with the page's
 * filter): nothing where the office has none of its own, never another page's.
 */
export function PageShowcase({ showcase, service, town, title }: { showcase: Showcase; service?: ShowcaseService; town?: ServedTown; title?: string }) {
  return (
    <>
      <ProjectsSection projects={showcase.projects} service={service} town={town} title={title && `Recent Projects: ${title}`} />
      <ReviewsSection reviews={showcase.reviews} rating={showcase.rating} service={service} town={town} title={title && `What Customers Say: ${title}`} />
    </>
  );
}
