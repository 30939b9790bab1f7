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
