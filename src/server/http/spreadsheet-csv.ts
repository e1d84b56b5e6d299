import { type Options, stringify } from 'csv-stringify/sync';

/**
 * Every CSV the shop hands out goes through here: a cell that a spreadsheet would run as a
 * formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with `'`, so a
 * customer named `=HYPERLINK(...)` is text in Excel, not a link.
 */
export function spreadsheetCsv(
  records: unknown[],
  options: Omit<Options, 'escape_formulas'> = {},
): string {
  return stringify(records, { ...options, escape_formulas: true });
}
