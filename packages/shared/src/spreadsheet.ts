/**
 * What a spreadsheet program reads as the start of a formula in a text cell (OWASP's CSV injection list,
 * ASVS 1.2.10's NUL, and a line feed, which some programs skip like the tab and return before one).
 */
const FORMULA_START = /^[=+\-@\t\r\n\0]/;

/**
 * A text cell of an export (CSV or xlsx) as it is written: behind a single quote when it would
 * otherwise start a formula (CSV injection), unchanged otherwise. Numbers are never passed here:
 * a negative number stays a number cell.
 */
export const neutraliseFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** A value as one CSV field: quoted when it holds a separator, a quote or a line break. */
const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Rows as CSV text (RFC 4180: comma, CRLF); the caller neutralises text cells that would start a formula. */
export const toCsv = (rows: (string | number)[][]) => rows.map((row) => row.map(csvField).join(',')).join('\r\n');
