import { z } from "zod";

export const noteMaxLength = 2000;

export const noteSchema = z
  .string()
  .trim()
  .min(1, "Write a note first.")
  .max(noteMaxLength, `A note can be at most ${noteMaxLength} characters.`);
