import type { ComponentProps } from "react";
import { later } from "#app/components/ui/later.tsx";
import type { InsuranceAndFinancing as InsuranceNow, OurStory as OurStoryNow, WhyChooseUs as WhyNow } from "./story-sections.tsx";

/** The home page's sections below its first screens, hydrated after the page (see `later`): their code leaves the first load. */
const sections = () => import("./story-sections.tsx");

export const WhyChooseUs = later<ComponentProps<typeof WhyNow>>(async () => (await sections()).WhyChooseUs);
export const OurStory = later<ComponentProps<typeof OurStoryNow>>(async () => (await sections()).OurStory);
export const FirstTimeLoss = later<object>(async () => (await sections()).FirstTimeLoss);
export const ThreeSteps = later<object>(async () => (await sections()).ThreeSteps);
export const InsuranceAndFinancing = later<ComponentProps<typeof InsuranceNow>>(async () => (await sections()).InsuranceAndFinancing);
