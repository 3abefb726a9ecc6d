/** The rules for what a person typed, without a validation library: the browser's request schema reads them too. */

export const controlCharacterMessage = "Please remove the invisible control character from this field.";

/** The only changes made to what a person typed: line ends as LF (browsers send a text area's as CRLF), outer space trimmed. */
export function normalizeTypedText(value: string): string {
  return value.replace(/\r\n?/g, "\n").trim();
}

/** Only NUL is refused: PostgreSQL text cannot store it; other control characters stay, as pages, plain-text email, JSON and the CSV guard all carry them harmlessly. */
export function storableText(text: string): boolean {
  return !text.includes("\0");
}
