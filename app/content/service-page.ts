/** The shape every service page's fixed copy takes, so one set of sections renders both pages. */
export interface TitledText {
  title: string;
  text: string;
}

export interface Question {
  question: string;
  answer: string;
}

/** A process of exactly five steps, so a page cannot ship with a step missing. */
export type FiveSteps = readonly [TitledText, TitledText, TitledText, TitledText, TitledText];

/** Four questions, on both service pages. */
export type FourQuestions = readonly [Question, Question, Question, Question];

/** What a service page shows beside its process and questions: a titled grid of short cards. */
export interface CardSection {
  id: string;
  title: string;
  intro: string;
  items: readonly TitledText[];
  /** A light background, to set it apart from the section before it. */
  tinted?: boolean;
}

/** A service page's whole fixed copy: the storm, sewage and commercial pages are rendered from it by one component. */
export interface ServicePageCopy {
  path: string;
  /** The service as search engines read it (`Service.serviceType`, the breadcrumb's last step). */
  name: string;
  seo: { title: string; description: string; keywords: readonly string[] };
  hero: { eyebrow: string; title: string; intro: string };
  sections: readonly CardSection[];
  process: FiveSteps;
  questions: FourQuestions;
  closing: { title: string; text: string };
}
