import type { ComponentProps } from "react";
import { later } from "#app/components/ui/later.tsx";
import type { PageShowcase as PageShowcaseNow, ProjectsSection as ProjectsNow, RatingBadge as RatingNow, ReviewsSection as ReviewsNow } from "./showcase-sections.tsx";

/** The projects, reviews and rating badge, hydrated after the page (see `later`): their code leaves the first load. */
const sections = () => import("./showcase-sections.tsx");

export const ProjectsSection = later<ComponentProps<typeof ProjectsNow>>(async () => (await sections()).ProjectsSection);
export const ReviewsSection = later<ComponentProps<typeof ReviewsNow>>(async () => (await sections()).ReviewsSection);
export const RatingBadge = later<ComponentProps<typeof RatingNow>>(async () => (await sections()).RatingBadge);
export const PageShowcase = later<ComponentProps<typeof PageShowcaseNow>>(async () => (await sections()).PageShowcase);
