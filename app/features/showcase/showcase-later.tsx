import { lazy, Suspense, type ComponentProps, type ComponentType } from "react";
import type { PageShowcase as PageShowcaseNow, ProjectsSection as ProjectsNow, RatingBadge as RatingNow, ReviewsSection as ReviewsNow } from "./showcase-sections.tsx";

/**
 * The projects, reviews and rating badge, hydrated once their code has arrived after the page's:
 * they hold no control to use, and the server's HTML shows them from the start (the whole document
 * is rendered before it is sent). Their code stays out of the first load's JavaScript budget.
 */
const sections = () => import("./showcase-sections.tsx");

function later<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Component = lazy(async () => ({ default: await load() }));
  return function Later(props: Props) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}

export const ProjectsSection = later<ComponentProps<typeof ProjectsNow>>(async () => (await sections()).ProjectsSection);
export const ReviewsSection = later<ComponentProps<typeof ReviewsNow>>(async () => (await sections()).ReviewsSection);
export const RatingBadge = later<ComponentProps<typeof RatingNow>>(async () => (await sections()).RatingBadge);
export const PageShowcase = later<ComponentProps<typeof PageShowcaseNow>>(async () => (await sections()).PageShowcase);
