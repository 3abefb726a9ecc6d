/** The shape every service page's fixed copy takes, so one set of sections renders both pages. */
export interface TitledText {
  title: string;
  text: string;
}

export interface Question {
  question: string;
  answer: string;
}

/** A process of exactly five steps (spec §2), so a page cannot ship with a step missing. */
export type FiveSteps = readonly [TitledText, TitledText, TitledText, TitledText, TitledText];

/** Four questions (spec §2), on both service pages. */
export type FourQuestions = readonly [Question, Question, Question, Question];
