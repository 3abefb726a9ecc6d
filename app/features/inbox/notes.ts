import { z } from "zod";
import { typedText } from "#app/utils/typed-text.ts";

export const noteMaxLength = 2000;

export const noteSchema = z
  .string()
  .pipe(typedText)
  .pipe(z.string().min(1, "Write a note first.").max(noteMaxLength, `A note can be at most ${noteMaxLength} characters.`));
