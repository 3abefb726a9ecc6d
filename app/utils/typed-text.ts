import "./zod-jitless.ts";
import { z } from "zod";
import { controlCharacterMessage, normalizeTypedText, storableText } from "./typed-text-rules.ts";

export { controlCharacterMessage, normalizeTypedText };

/** Typed text, normalised and otherwise kept exactly; refused, never altered, when it holds a NUL, which PostgreSQL text cannot store. */
export const typedText = z.string().transform(normalizeTypedText).refine(storableText, controlCharacterMessage);
