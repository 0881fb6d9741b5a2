/**
 * Streaming Merchant Center XML feed (RSS 2.0 `rss > channel > item`, or Atom `feed > entry`)
 * → one FeedRecordResult per item, yielded as soon as the item closes. Only the items of the
 * current text chunk are ever held, so memory stays flat whatever the feed size.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';

import { decodeText, type FeedInput } from '@/server/modules/feeds/decode-text';
import { FeedFormatError } from '@/server/modules/feeds/feed-errors';
import { normalizeFeedRecord, type FeedRecordResult, type RawFeedRecord } from '@/server/modules/feeds/feed-item';

const GOOGLE_NS = 'http://base.google.com/ns/1.0';
/** A single item above this is a broken or hostile feed; it is skipped, not buffered. */
const MAX_ITEM_CHARS = 1_000_000;

// Shop platforms often leak HTML entities into XML; refusing the whole feed over `&nbsp;`
// would be harsh, and these have one obvious meaning.
const HTML_ENTITIES: Record<string, string> = {
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  times: '×',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  middot: '·',
  rupee: '₹',
};

export async function* parseXmlFeed(input: FeedInput): AsyncGenerator<FeedRecordResult> {
  const parser = new SaxesParser({ xmlns: false });
  Object.assign(parser.ENTITIES, HTML_ENTITIES);
  const ready: FeedRecordResult[] = [];
  let lineOffset = 0;

  let depth = 0; // root element is depth 1
  let atom = false;
  let googlePrefix = 'g:';
  let itemDepth = 0; // 0 while outside an item
  let position = 0;
  let itemLine = 0;
  let record: RawFeedRecord = {};
  let itemChars = 0;
  let field: string | null = null;
  let text = '';
  let nested: Record<string, string> | null = null;
  let nestedName: string | null = null;
  let nestedText = '';

  // Safe XML: a feed has no business declaring a DTD. Refusing any DOCTYPE rules out external entities (XXE:
  // files or URLs read into the feed) and entity-expansion bombs ("billion laughs") before anything is expanded;
  // saxes itself never fetches or expands DTD entities, this makes the refusal explicit and early.
  parser.on('doctype', (doctype: string) => {
    // `<!DOCTYPE html>` declares nothing (an HTML page is refused below as not a feed); a DTD subset or an
    // external identifier is what could define or fetch entities.
    if (!/[[<]|\bSYSTEM\b|\bPUBLIC\b/i.test(doctype)) return;
    throw new FeedFormatError('unsafe XML feed: a DOCTYPE declaration is not allowed (external entities and entity expansion are refused)', {
      line: parser.line + lineOffset,
    });
  });

  parser.on('opentag', (tag: SaxesTagPlain) => {
    depth++;
    if (depth === 1) {
      const name = localName(tag.name);
      if (name === 'feed') atom = true;
      else if (tag.name !== 'rss') {
        throw new FeedFormatError(`not an RSS or Atom product feed: root element is <${tag.name}>`, {
          line: parser.line + lineOffset,
        });
      }
      for (const [attr, value] of Object.entries(tag.attributes)) {
        if (value === GOOGLE_NS && attr.startsWith('xmlns:')) googlePrefix = `${attr.slice(6)}:`;
      }
      return;
    }
    if (itemDepth === 0) {
      const isItem = atom ? depth === 2 && localName(tag.name) === 'entry' : depth === 3 && tag.name === 'item';
      if (isItem) {
        itemDepth = depth;
        position++;
        itemLine = parser.line + lineOffset;
        record = {};
        itemChars = 0;
      }
      return;
    }
    const level = depth - itemDepth;
    if (level === 1) {
      field = fieldName(tag.name, googlePrefix, atom);
      text = '';
      nested = null;
      if (atom && field === 'link') {
        // Atom links carry the URL in href; only the alternate (product page) one counts.
        const { href, rel } = tag.attributes;
        if (rel !== undefined && rel !== 'alternate') field = null;
        else if (href !== undefined) text = href;
      }
    } else if (level === 2) {
      nestedName = localName(tag.name);
      nestedText = '';
    }
  });

  const onText = (chunk: string): void => {
    if (itemDepth === 0) return;
    itemChars += chunk.length;
    if (itemChars > MAX_ITEM_CHARS) return;
    const level = depth - itemDepth;
    if (level === 1) text += chunk;
    else if (level === 2) nestedText += chunk;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  parser.on('closetag', () => {
    if (itemDepth !== 0) {
      const level = depth - itemDepth;
      if (level === 0) {
        ready.push(finishItem(record, position, itemLine, itemChars));
        itemDepth = 0;
        record = {};
      } else if (level === 1 && field !== null) {
        const value = nested === null ? text : composeNested(field, nested);
        if (value !== null) addValue(record, field, value);
        field = null;
      } else if (level === 2 && nestedName !== null) {
        (nested ??= {})[nestedName] = nestedText;
        nestedName = null;
      }
    }
    depth--;
  });

  // PHP-style generators often emit blank lines before `<?xml`, which XML forbids; drop
  // them, counting their lines so reported line numbers still match the file.
  let leading = true;
  for await (let chunk of decodeText(input)) {
    if (leading) {
      const start = chunk.search(/\S/);
      const blank = start === -1 ? chunk : chunk.slice(0, start);
      for (let i = blank.indexOf('\n'); i !== -1; i = blank.indexOf('\n', i + 1)) lineOffset++;
      if (start === -1) continue;
      leading = false;
      chunk = chunk.slice(start);
    }
    feed(parser, chunk, lineOffset);
    if (ready.length > 0) {
      const batch = ready.splice(0);
      yield* batch;
    }
  }
  feed(parser, null, lineOffset);
}

/** Runs the parser, turning its well-formedness errors into a FeedFormatError with the line. */
function feed(parser: SaxesParser<{ xmlns: false }>, chunk: string | null, lineOffset: number): void {
  try {
    if (chunk === null) parser.close();
    else parser.write(chunk);
  } catch (error) {
    if (error instanceof FeedFormatError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const where = /^(\d+):(\d+): ([\s\S]*)$/.exec(message);
    const reason = where?.[3] ?? message;
    const detail = reason.startsWith('document must contain a root element') ? 'empty or not XML' : reason.replace(/\.$/, '');
    throw new FeedFormatError(`malformed or truncated XML feed: ${detail}`, {
      line: (where ? Number(where[1]) : parser.line) + lineOffset,
      column: where ? Number(where[2]) : parser.column,
      cause: error,
    });
  }
}

function finishItem(record: RawFeedRecord, position: number, line: number, chars: number): FeedRecordResult {
  if (chars > MAX_ITEM_CHARS) {
    const id = record['g:id'] ?? record.id;
    return {
      ok: false,
      error: {
        position,
        line,
        ...(typeof id === 'string' ? { id: id.trim() } : {}),
        reason: `item larger than ${MAX_ITEM_CHARS.toLocaleString('en-US')} characters`,
      },
    };
  }
  const result = normalizeFeedRecord(record, position);
  if (!result.ok) result.error.line = line;
  return result;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** Maps whatever prefix the feed bound to the Google namespace onto `g:`. */
function fieldName(name: string, googlePrefix: string, atom: boolean): string {
  if (googlePrefix !== 'g:' && name.startsWith(googlePrefix)) return `g:${name.slice(googlePrefix.length)}`;
  if (atom && name === 'summary') return 'description';
  return name;
}

/** `<g:shipping><g:country>IN</g:country><g:price>49 INR</g:price></g:shipping>` → "IN:::49 INR". */
function composeNested(field: string, parts: Record<string, string>): string | null {
  // `<g:product_detail><g:section_name>General</g:section_name><g:attribute_name>RAM</g:attribute_name>
  // <g:attribute_value>8 GB</g:attribute_value></g:product_detail>` → "General:RAM:8 GB", as TSV spells it.
  if (localName(field) === 'product_detail') {
    const { section_name = '', attribute_name = '', attribute_value = '' } = parts;
    return attribute_name.trim() && attribute_value.trim() ? `${section_name.trim()}:${attribute_name.trim()}:${attribute_value.trim()}` : null;
  }
  if (localName(field) !== 'shipping') return null; // other structured attributes are not imported
  const { country = '', region = '', service = '', price = '' } = parts;
  return `${country.trim()}:${region.trim()}:${service.trim()}:${price.trim()}`;
}

function addValue(record: RawFeedRecord, key: string, value: string): void {
  const existing = record[key];
  if (existing === undefined) record[key] = value;
  else if (typeof existing === 'string') record[key] = [existing, value];
  else existing.push(value);
}
