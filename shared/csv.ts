// The one CSV writer of every file the site hands out (the leads list, the insights funnel):
// pure code with no imports, so any feature of the site, or the server, can use it. A file it
// writes is read the same way by a spreadsheet splitting on commas and by Excel with Swedish
// settings splitting on semicolons, and nothing in it runs as a formula.

/** The two dialects: comma (RFC 4180) and semicolon (Excel's list separator in Swedish). */
export type CsvSeparator = ',' | ';';

export type CsvValue = string | number | null | undefined;

/** UTF-8's byte order mark: without it Excel reads the file as ANSI and garbles å, ä and ö. */
const BYTE_ORDER_MARK = '\uFEFF';
/** RFC 4180 ends every line with CRLF. */
const CRLF = '\r\n';

/**
 * Text a spreadsheet would read as a formula (CSV injection, OWASP): a formula sign (=, +, -, @
 * or the full-width ＝＋－＠ that some spreadsheets normalise) after any leading whitespace, or a
 * leading tab or CR, which some skip before looking for the sign.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

/** Characters that end a field in either dialect, or a record: such a field is quoted. */
const NEEDS_QUOTES = /[,;"\r\n]/;

/**
 * One CSV field, the same in both dialects. Text that could start a formula gets a leading
 * apostrophe (Excel and LibreOffice then show it as typed); text holding either separator, a
 * quote, CR or LF is quoted, its quotes doubled. A number is written as it is; a missing value as
 * an empty field.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return String(value);
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** A whole file: a byte order mark, then each row's cells joined by the separator, CRLF after each. */
export function csvFile(rows: ReadonlyArray<readonly CsvValue[]>, separator: CsvSeparator): string {
  return BYTE_ORDER_MARK + rows.map((row) => row.map(csvCell).join(separator) + CRLF).join('');
}
