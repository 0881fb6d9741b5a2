/**
 * Whole-feed failures. A row problem is never thrown: it is yielded as a row error so the
 * rest of the feed imports. These are thrown when the file as a whole cannot be trusted
 * (truncated, malformed, not a feed), so the importer rolls its transaction back.
 */

export class FeedFormatError extends Error {
  override readonly name = 'FeedFormatError';
  /** 1-based line where the parser gave up, when known. */
  readonly line: number | undefined;
  readonly column: number | undefined;

  constructor(message: string, where: { line?: number; column?: number; cause?: unknown } = {}) {
    super(where.line === undefined ? message : `${message} (line ${where.line})`, { cause: where.cause });
    this.line = where.line;
    this.column = where.column;
  }
}

/**
 * The feed URL answered 304 Not Modified to a conditional request: the feed is the one the last successful
 * import applied, so there is nothing to import (the run is recorded as "not modified").
 */
export class FeedNotModifiedError extends Error {
  override readonly name = 'FeedNotModifiedError';

  constructor(url: string) {
    super(`not modified since the last import (HTTP 304 from ${url})`);
  }
}

/** The feed could not be read at all (missing file, HTTP error, network failure). */
export class FeedSourceError extends Error {
  override readonly name = 'FeedSourceError';

  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
  }
}
