/**
 * Streaming Merchant Center text feed: tab-separated, or comma-separated (CSV, as spreadsheets export it: the
 * header row decides — a header with no tab and a comma is CSV), header row first, one item per line.
 * Positions are physical line numbers (header = line 1) so a store can find the row in its
 * spreadsheet. Fields may be double-quoted ("" escapes a quote), which also lets a value
 * hold a tab or a line break.
 */
import { decodeText, type FeedInput } from '@/server/modules/feeds/decode-text';
import { FeedFormatError } from '@/server/modules/feeds/feed-errors';
import {
  canonicalFeedKey,
  normalizeFeedRecord,
  type FeedRecordResult,
  type RawFeedRecord,
} from '@/server/modules/feeds/feed-item';

/** Beyond these a row is broken (say a stray opening quote), not a long description. */
const MAX_RECORD_CHARS = 1_000_000;
const MAX_RECORD_LINES = 100;
const REQUIRED_COLUMNS = ['id', 'title', 'price'] as const;

type Pending = { startLine: number; text: string; lines: string[] };

export async function* parseTsvFeed(input: FeedInput): AsyncGenerator<FeedRecordResult> {
  const ready: FeedRecordResult[] = [];
  let keys: string[] | null = null;
  let repeatedKeys = false;
  let idColumn = -1;
  let lineNo = 0;
  let pending: Pending | null = null;
  let separator = '\t';

  const rowError = (position: number, reason: string, fields?: string[]): void => {
    const id = fields?.[idColumn]?.trim();
    ready.push({ ok: false, error: id ? { position, id, reason } : { position, reason } });
  };

  const setHeader = (fields: string[], line: number): void => {
    const names = fields.map((f) => canonicalFeedKey(f));
    const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c));
    if (missing.length > 0) {
      const hint =
        fields.length === 1 && (fields[0] ?? '').includes(';')
          ? ' (the file looks semicolon-separated; text feeds are tab- or comma-separated)'
          : '';
      throw new FeedFormatError(`not a product feed: header row lacks ${missing.join(', ')} column(s)${hint}`, {
        line,
      });
    }
    keys = names;
    repeatedKeys = new Set(names).size !== names.length;
    idColumn = names.indexOf('id');
  };

  const record = (fields: string[], line: number): void => {
    if (keys === null) return setHeader(fields, line);
    if (fields.length !== keys.length) {
      // Spreadsheet exports pad with fully empty rows; those are not mistakes.
      if (fields.every((f) => f.trim() === '')) return;
      return rowError(line, `expected ${keys.length} columns, got ${fields.length}`, fields);
    }
    const raw: RawFeedRecord = {};
    let empty = true;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const value = fields[i] as string;
      if (empty && value.trim() !== '') empty = false;
      if (!repeatedKeys) raw[key] = value;
      else {
        const existing = raw[key];
        raw[key] = existing === undefined ? value : typeof existing === 'string' ? [existing, value] : [...existing, value];
      }
    }
    if (empty) return;
    ready.push(normalizeFeedRecord(raw, line));
  };

  const abandonPending = (): void => {
    const broken = pending as Pending;
    pending = null;
    if (keys === null) throw new FeedFormatError('not a product feed: unterminated quote in header row', { line: broken.startLine });
    rowError(broken.startLine, 'unterminated quoted field', splitFields(`${broken.lines[0] ?? ''}"`, separator) ?? undefined);
    // The lines swallowed by the open quote are rows of their own: parse them again.
    broken.lines.slice(1).forEach((text, i) => processLine(text, broken.startLine + 1 + i));
  };

  const processLine = (line: string, no: number): void => {
    if (pending !== null) {
      pending.lines.push(line);
      pending.text += `\n${line}`;
      const fields = splitFields(pending.text, separator);
      if (fields !== null) {
        const { startLine } = pending;
        pending = null;
        record(fields, startLine);
      } else if (pending.lines.length >= MAX_RECORD_LINES || pending.text.length > MAX_RECORD_CHARS) {
        abandonPending();
      }
      return;
    }
    if (line.trim() === '') return;
    if (keys === null) separator = !line.includes('\t') && line.includes(',') ? ',' : '\t';
    const fields = splitFields(line, separator);
    if (fields === null) pending = { startLine: no, text: line, lines: [line] };
    else record(fields, no);
  };

  let rest = '';
  let firstChunk = true;
  let skipping = false; // inside a line that was already reported as too long
  for await (const chunk of decodeText(input)) {
    if (firstChunk) {
      firstChunk = false;
      if (chunk.includes('\u0000')) throw new FeedFormatError('not a product feed: binary content', { line: 1 });
    }
    let text = rest + chunk;
    let start = 0;
    if (skipping) {
      const nl = text.indexOf('\n');
      if (nl === -1) continue;
      skipping = false;
      start = nl + 1;
    }
    for (let nl = text.indexOf('\n', start); nl !== -1; nl = text.indexOf('\n', start)) {
      const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      processLine(text.slice(start, end), ++lineNo);
      start = nl + 1;
    }
    rest = start === 0 ? text : text.slice(start);
    text = '';
    if (rest.length > MAX_RECORD_CHARS) {
      lineNo++;
      if (keys === null) throw new FeedFormatError('not a product feed: no header row', { line: lineNo });
      rowError(lineNo, `line longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters`);
      rest = '';
      skipping = true;
    }
    if (ready.length > 0) {
      const batch = ready.splice(0);
      yield* batch;
    }
  }
  if (rest !== '') processLine(rest.endsWith('\r') ? rest.slice(0, -1) : rest, ++lineNo);
  while (pending !== null) abandonPending();
  if (keys === null) throw new FeedFormatError('not a product feed: the file is empty');
  yield* ready;
}

/**
 * Splits one record on tabs (or commas for CSV). A field that starts with `"` is quoted; returns null when
 * such a quote is still open at the end of the text (the record continues on the next line).
 */
export function splitFields(text: string, separator = '\t'): string[] | null {
  if (text.indexOf('"') === -1) return text.split(separator);
  const out: string[] = [];
  let i = 0;
  for (;;) {
    if (text.charCodeAt(i) === 34) {
      let value = '';
      let j = i + 1;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q === -1) return null;
        value += text.slice(j, q);
        if (text.charCodeAt(q + 1) === 34) {
          value += '"';
          j = q + 2;
        } else {
          j = q + 1;
          break;
        }
      }
      // Text after the closing quote is kept as-is: lenient, like spreadsheet tools.
      const tab = text.indexOf(separator, j);
      if (tab === -1) {
        out.push(value + text.slice(j));
        return out;
      }
      out.push(value + text.slice(j, tab));
      i = tab + 1;
    } else {
      const tab = text.indexOf(separator, i);
      if (tab === -1) {
        out.push(text.slice(i));
        return out;
      }
      out.push(text.slice(i, tab));
      i = tab + 1;
    }
  }
}
