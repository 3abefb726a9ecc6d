import type { ServedTown } from "#app/content/company.ts";
import type { ShowcaseService } from "#app/domain/showcase.ts";
import type { Rating } from "./rating.ts";

/** What the public pages show of the projects and reviews: published items only, read on the server. */
export interface PublicPhoto {
  url: string;
  alt: string;
  placeholder: string;
}

export interface PublicProject {
  caption: string;
  service: ShowcaseService | "";
  town: ServedTown | "";
  completedOn: string | null;
  photo: PublicPhoto;
  /** Set for a before and after pair. */
  before: PublicPhoto | null;
}

export interface PublicReview {
  name: string;
  town: ServedTown | "";
  service: ShowcaseService | "";
  rating: number;
  text: string;
  reviewedOn: string | null;
  source: string;
}

export interface Showcase {
  projects: PublicProject[];
  reviews: PublicReview[];
  rating: Rating;
}
