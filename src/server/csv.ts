/**
 * CSV for operator downloads (RFC 4180: comma-separated, CRLF, fields with a comma, quote or line break quoted,
 * quotes doubled). A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe: feed rows and product names come from outside (CSV injection).
 */
export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** `attachment; filename="…"` for a generated download name (ASCII only). */
export const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`;
