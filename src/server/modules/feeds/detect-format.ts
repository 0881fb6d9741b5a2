/**
 * Opens a feed from a path or an http(s) URL, undoes gzip, tells XML from TSV by its first
 * non-blank character, and streams the records. Nothing is read before the first `next()`,
 * and breaking out of the loop closes the file or the HTTP body.
 */
import { open } from 'node:fs/promises';
import { Readable, pipeline } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';

import { decodeText, type FeedInput } from '@/server/modules/feeds/decode-text';
import { FeedFormatError, FeedNotModifiedError, FeedSourceError } from '@/server/modules/feeds/feed-errors';
import type { FeedRecordResult } from '@/server/modules/feeds/feed-item';
import { parseTsvFeed } from '@/server/modules/feeds/parse-tsv';
import { parseXmlFeed } from '@/server/modules/feeds/parse-xml';

export type FeedFormat = 'xml' | 'tsv';

export type ParseFeedOptions = {
  /** File name or URL path: its extension decides when the content does not. */
  fileName?: string;
  /** Skip detection. */
  format?: FeedFormat;
};

/** HTTP validators of a feed URL's last successfully imported response (feed_fetch_cache). */
export type FeedValidators = { etag: string | null; lastModified: string | null };

export type OpenFeedOptions = ParseFeedOptions & {
  signal?: AbortSignal;
  /**
   * Fetch a URL conditionally (If-None-Match / If-Modified-Since): a 304 throws FeedNotModifiedError before
   * anything is parsed.
   */
  conditional?: FeedValidators | null;
  /** Called with the validators of a URL's 200 response, before its body is read. */
  onValidators?: (validators: FeedValidators) => void;
};

/**
 * `<` first means XML (a TSV header starts with a column name). Content wins over the
 * extension, which only decides for a blank file, so its error names the expected format.
 */
export function detectFeedFormat(firstText: string, fileName?: string): FeedFormat {
  const first = /\S/.exec(firstText)?.[0];
  if (first === '<') return 'xml';
  if (first === undefined && fileName !== undefined && /\.(xml|rss|atom)(\.gz)?$/i.test(fileName)) return 'xml';
  return 'tsv';
}

export async function* openFeed(source: string, options: OpenFeedOptions = {}): AsyncGenerator<FeedRecordResult> {
  const isUrl = /^https?:\/\//i.test(source);
  const bytes = isUrl ? await fetchBody(source, options) : await openFile(source);
  const fileName = options.fileName ?? (isUrl ? new URL(source).pathname : source);
  yield* parseFeed(readSource(bytes, source), { ...options, fileName });
}

/** Same as openFeed for an already open stream (an upload, a test generator). */
export async function* parseFeed(input: FeedInput, options: ParseFeedOptions = {}): AsyncGenerator<FeedRecordResult> {
  const raw = peekable(input);
  const head = await raw.peek();
  const gzipped =
    (head instanceof Uint8Array && head[0] === 0x1f && head[1] === 0x8b) ||
    (head === undefined && options.fileName?.toLowerCase().endsWith('.gz') === true);
  const text = peekable(decodeText(gzipped ? gunzip(raw) : raw));

  let format = options.format;
  if (format === undefined) {
    // Look past leading blank chunks, but only so far: a file of spaces is simply empty.
    let seen = '';
    for (let i = 0; i < 16 && !/\S/.test(seen); i++) {
      const chunk = await text.peekNext();
      if (chunk === undefined) break;
      seen += chunk;
    }
    format = detectFeedFormat(seen, options.fileName);
  }
  yield* format === 'xml' ? parseXmlFeed(text) : parseTsvFeed(text);
}

async function openFile(path: string): Promise<AsyncIterable<Uint8Array>> {
  try {
    const handle = await open(path, 'r');
    return handle.createReadStream({ highWaterMark: 64 * 1024 });
  } catch (error) {
    throw new FeedSourceError(`cannot open feed file ${path}: ${(error as Error).message}`, { cause: error });
  }
}

async function fetchBody(url: string, options: OpenFeedOptions): Promise<AsyncIterable<Uint8Array>> {
  const headers: Record<string, string> = {};
  if (options.conditional?.etag) headers['if-none-match'] = options.conditional.etag;
  if (options.conditional?.lastModified) headers['if-modified-since'] = options.conditional.lastModified;
  let response: Response;
  try {
    response = await fetch(url, { signal: options.signal ?? null, redirect: 'follow', headers });
  } catch (error) {
    throw new FeedSourceError(`cannot fetch feed ${url}: ${(error as Error).message}`, { cause: error });
  }
  if (response.status === 304) {
    await response.body?.cancel();
    throw new FeedNotModifiedError(url);
  }
  if (response.ok) options.onValidators?.({ etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') });
  if (!response.ok || response.body === null) {
    await response.body?.cancel();
    throw new FeedSourceError(`cannot fetch feed ${url}: HTTP ${response.status}`);
  }
  return Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
}

/** Read failures mid-stream (disk, network) are source errors, not format errors. */
async function* readSource(bytes: AsyncIterable<Uint8Array>, source: string): AsyncGenerator<Uint8Array> {
  try {
    yield* bytes;
  } catch (error) {
    throw new FeedSourceError(`reading feed ${source} failed: ${(error as Error).message}`, { cause: error });
  }
}

async function* gunzip(input: AsyncIterable<Uint8Array | string>): AsyncGenerator<Uint8Array> {
  const inflate = createGunzip();
  let sourceError: unknown = null;
  pipeline(Readable.from(input, { objectMode: false }), inflate, (error) => {
    if (error) sourceError = error;
  });
  try {
    yield* inflate as AsyncIterable<Buffer>;
  } catch (error) {
    if (error instanceof FeedSourceError || error instanceof FeedFormatError) throw error;
    if (sourceError instanceof FeedSourceError) throw sourceError;
    throw new FeedFormatError(`corrupt or truncated gzip feed: ${(error as Error).message}`, { cause: error });
  } finally {
    inflate.destroy();
  }
}

type Peekable<T> = AsyncIterable<T> & {
  /** The first item, read once and kept. */
  peek(): Promise<T | undefined>;
  /** Reads one more item ahead and keeps it. */
  peekNext(): Promise<T | undefined>;
};

/** An iterable that can read ahead without losing what it read. */
function peekable<T>(input: AsyncIterable<T> | Iterable<T>): Peekable<T> {
  const iterator =
    Symbol.asyncIterator in input ? input[Symbol.asyncIterator]() : (input as Iterable<T>)[Symbol.iterator]();
  const buffered: T[] = [];
  let done = false;
  const readAhead = async (): Promise<T | undefined> => {
    if (done) return undefined;
    const next = await iterator.next();
    if (next.done) {
      done = true;
      return undefined;
    }
    buffered.push(next.value);
    return next.value;
  };
  return {
    peek: async () => (buffered.length > 0 ? buffered[0] : readAhead()),
    peekNext: readAhead,
    async *[Symbol.asyncIterator]() {
      try {
        while (buffered.length > 0) yield buffered.shift() as T;
        while (!done) {
          const next = await iterator.next();
          if (next.done) break;
          yield next.value;
        }
      } finally {
        await iterator.return?.();
      }
    },
  };
}
