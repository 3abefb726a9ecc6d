/** Cells a spreadsheet would run as a formula start with one of these (OWASP's CSV injection list). */
const formulaStart = /^[=+\-@\t\r]/;

/** One CSV cell: always quoted, quotes doubled, and a would-be formula made plain text with a leading apostrophe. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  const safe = formulaStart.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A whole file: a byte-order mark so spreadsheets read UTF-8, CRLF line ends as RFC 4180 says. */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
