/**
 * Bytes → text chunks for the feed parsers. Honors a byte-order mark (Excel exports "Unicode
 * text" as UTF-16LE), never splits a multi-byte character, and cuts oversized chunks so a
 * caller passing one huge string still gets incremental, bounded parsing.
 */

export type FeedInput = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

const MAX_CHUNK = 64 * 1024;

export async function* decodeText(input: FeedInput): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  let head: Uint8Array | null = null;
  let first = true;
  for await (const chunk of input as AsyncIterable<Uint8Array | string>) {
    if (typeof chunk === 'string') {
      yield* split(first && chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk);
      first = false;
      continue;
    }
    first = false;
    let bytes = chunk;
    if (decoder === null) {
      // Need 2 bytes to tell the encoding; a 1-byte first chunk waits for the next.
      bytes = head === null ? bytes : concat(head, bytes);
      if (bytes.length < 2) {
        head = bytes;
        continue;
      }
      head = null;
      decoder = new TextDecoder(sniffEncoding(bytes));
    }
    yield* split(decoder.decode(bytes, { stream: true }));
  }
  if (head !== null) decoder = new TextDecoder('utf-8');
  if (decoder !== null) yield* split(decoder.decode(head ?? new Uint8Array(0)));
}

function sniffEncoding(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return 'utf-8'; // TextDecoder drops a UTF-8 BOM itself.
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function* split(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > MAX_CHUNK) {
    let end = start + MAX_CHUNK;
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end--; // keep surrogate pairs together
    yield text.slice(start, end);
    start = end;
  }
  if (start < text.length) yield start === 0 ? text : text.slice(start);
}
