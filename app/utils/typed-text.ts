import { z } from "zod";

export const controlCharacterMessage = "Please remove the invisible control character from this field.";

/** The only changes made to what a person typed: line ends as LF (browsers send a text area's as CRLF), outer space trimmed. */
export function normalizeTypedText(value: string): string {
  return value.replace(/\r\n?/g, "\n").trim();
}

/** Typed text, normalised and otherwise kept exactly; refused, never altered, when it holds a NUL, which PostgreSQL text cannot store. */
export const typedText = z
  .string()
  .transform(normalizeTypedText)
  // Only NUL is refused: other control characters stay, as pages, plain-text email, JSON and the CSV guard all carry them harmlessly.
  .refine((text) => !text.includes("\0"), controlCharacterMessage);
