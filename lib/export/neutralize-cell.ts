// Spreadsheet formula injection (OWASP "CSV Injection"): a cell beginning with =, +, -, @, a tab or a carriage return
// can be run as a formula when the file is opened in a spreadsheet, and draft bodies and handles come from outside.
// Such a cell gets a leading apostrophe, which spreadsheets show as text and do not evaluate; the RFC 4180 quoting
// around it is csv-stringify's. Only text cells are touched: ids, counts and timestamps never start that way.
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
