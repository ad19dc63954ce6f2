// Spreadsheet formula injection (OWASP "CSV Injection"): a cell beginning with =, +, -, @, a tab or a carriage return
// can be run as a formula when the file is opened in a spreadsheet, and draft bodies and handles come from outside.
// Such a cell gets a leading apostrophe, which spreadsheets show as text and do not evaluate; the RFC 4180 quoting
// around it is PostgreSQL's COPY ... (FORMAT csv). Only text cells are touched: ids, counts and timestamps never start
// that way. The export applies the rule in SQL (`neutralizeSql`); `neutralizeCell` is the same rule for text built
// in Node; test/int/export-neutralize.int.test.ts holds the SQL to the same cases as the unit test.
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The code points of =, +, -, @, tab and carriage return: FORMULA_START's characters. */
const FORMULA_CODES = ["=", "+", "-", "@", "\t", "\r"].map((c) => c.codePointAt(0)).join(", ");

/**
 * The same rule as an SQL expression over a text column (NULL stays NULL, an empty cell stays empty). `ascii()` is
 * the first character's code point: integer comparisons, cheaper per cell than comparing text.
 */
export function neutralizeSql(column: string): string {
  return `CASE WHEN ascii(${column}) IN (${FORMULA_CODES}) THEN '''' || ${column} ELSE ${column} END`;
}
