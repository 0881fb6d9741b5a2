import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { type Product, type ProductPage, productPageSchema, productSchema } from '@/shared/contracts/product';
import { type SearchSuggestion, searchSuggestionSchema } from '@/shared/contracts/search';
import { CATALOGUE_CHANNEL, onCatalogueVersion, readCatalogueVersion } from '@/server/db/catalogue-version';
import type { DatabaseHandle } from '@/server/db/client';
import { type PageRequest, type ProductFilter, type ProductRepository, searchWords } from '@/server/modules/products/repository';
import { createSearchRepository } from '@/server/modules/search/repository';

/**
 * The catalogue cache (docs/decisions/0005-catalogue-cache.md). Anonymous catalogue answers only change when the
 * catalogue version changes (feed import, review, operator merge/split: `bumpCatalogueVersion` in their
 * transaction), so each is computed once per version: the value (for the server renderer), its JSON bytes, a
 * strong ETag, and brotli/gzip bodies made on first demand. Every instance LISTENs for the version's NOTIFY and
 * drops everything when it changes: a new price shows on the next request.
 */

/** Browsers keep a catalogue answer 30 s (back/forward between listing and product), then revalidate (a 304);
 * a CDN keeps it 60 s and may serve it 60 s longer while it refetches: a new price reaches every shopper within
 * two minutes of an import even through a CDN, and a sale-day crowd costs the origin one request a minute per URL. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, s-maxage=60, stale-while-revalidate=60';
/** Anything personal, and any answer to a request that carries a token. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** Bodies smaller than this are sent as they are: compressing them saves less than a packet. */
const COMPRESS_MIN_BYTES = 1024;
/** A safety net under LISTEN/NOTIFY: the committed version is re-read this often (one indexed row). */
const VERSION_POLL_MS = 10_000;

export type CachedAnswer<T> = {
  /** The normalised key it is kept under. */
  readonly key: string;
  readonly value: T;
  /** The JSON body. */
  readonly body: Buffer;
  /** Content hash of `body` (an ETag is this, quoted, with a suffix per content coding). */
  readonly hash: string;
  br?: Buffer;
  gzip?: Buffer;
  /** URLs whose whole response the response cache keeps for this answer (dropped with it). */
  responseUrls?: Set<string>;
};

/** How an answer other than plain JSON is kept (server-rendered pages). */
export type AnswerOptions<T> = {
  /** The bytes sent for the value (default: its JSON). */
  encode?: (value: T) => Buffer;
  /** Kept at most this long even while the catalogue version stays (text that depends on the clock). */
  ttlMs?: number;
  /** Whether this value may be kept at all (default: yes); a value that is not kept is still answered. */
  keep?: (value: T) => boolean;
};

export type SendOptions = {
  contentType?: string;
  cacheControl?: string;
  /** ETag and 304 (default: yes); off for answers that are not a 200 (a 404 page). */
  validators?: boolean;
};

export type CandidatesRequest = { category: string | null; subcategory?: string | undefined; exclude: number[]; limit: number };

export type CatalogueCache = {
  /** The catalogue version this instance serves. */
  readonly version: number;
  /** A change this process committed (its transaction answered `version`): serve it from the next request on. */
  advanceTo: (version: number) => void;
  /** Any catalogue answer: `key` must name every parameter the value depends on (normalised). */
  answer: <T>(key: string, load: () => Promise<T>, schema?: z.ZodType, options?: AnswerOptions<T>) => Promise<CachedAnswer<T>>;
  product: (id: number) => Promise<CachedAnswer<Product | null>>;
  listing: (filter: ProductFilter, page: PageRequest) => Promise<CachedAnswer<ProductPage>>;
  candidates: (request: CandidatesRequest) => Promise<CachedAnswer<Product[]>>;
  suggestions: (q: string, limit: number) => Promise<CachedAnswer<SearchSuggestion[]>>;
  /**
   * Sends a cached answer (JSON unless told otherwise) with the HTTP caching headers, a 304 when `If-None-Match`
   * matches, compressed when accepted.
   */
  send: (request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer<unknown>, options?: SendOptions) => FastifyReply;
  /** Counters for tests and /metrics (`responseHits`: answered whole by the response cache, below). */
  readonly stats: { hits: number; misses: number; invalidations: number; responseHits: number; readonly keptResponses: number };
};

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueCache;
  }
  interface FastifyRequest {
    /** Answered whole by the catalogue's response cache (logged at debug level only). */
    fromResponseCache: boolean;
  }
}

export type CatalogueCacheOptions = {
  database: DatabaseHandle;
  products: ProductRepository;
  /** Memory bound of the cache (bodies plus an estimate of their values). */
  maxBytes?: number;
  /** Validate each value against its schema when it is computed (tests and development). */
  validate?: boolean;
  /** false: every answer is computed (benchmarks of the uncached path). */
  enabled?: boolean | undefined;
  /**
   * With REDIS_URL: the newest committed version is also kept in Redis. The process that commits a change publishes
   * it there before answering, and every catalogue read first checks it (one GET shared by concurrent requests),
   * so an import through one instance is served by every other from its next request on, not only once the NOTIFY
   * arrives.
   */
  redis?: SharedVersionStore | null | undefined;
};

/** The two Redis commands the cache needs (ioredis' `get` and `eval`). */
export type SharedVersionStore = {
  get: (key: string) => Promise<string | null>;
  eval: (script: string, numberOfKeys: number, ...args: (string | number)[]) => Promise<unknown>;
};

const SHARED_VERSION_KEY = 'catalogue:version';
const PUBLISH_IF_NEWER = `local current = tonumber(redis.call('get', KEYS[1]) or '0')
if tonumber(ARGV[1]) > current then redis.call('set', KEYS[1], ARGV[1]) end
return current`;

/** The listing's normalised parameters: equal keys always mean equal answers. */
export function listingKey(filter: ProductFilter, page: PageRequest): string {
  const q = filter.q ? searchWords(filter.q) : null;
  const exclude = filter.exclude?.length ? [...new Set(filter.exclude)].sort((a, b) => a - b) : null;
  return `list:${JSON.stringify([
    filter.path?.category ?? null,
    filter.path?.subcategory ?? null,
    filter.path?.subSubcategory ?? null,
    filter.price && filter.price !== 'all' ? filter.price : null,
    filter.minPrice ?? null,
    filter.maxPrice ?? null,
    filter.brand ? filter.brand.toLowerCase() : null,
    filter.trending ?? null,
    exclude,
    q,
    page.page,
    page.pageSize,
    page.sort,
  ])}`;
}

export function createCatalogueCache(options: CatalogueCacheOptions) {
  const { products } = options;
  const search = createSearchRepository(options.database.db);
  const stats = {
    hits: 0,
    misses: 0,
    invalidations: 0,
    responseHits: 0,
    get keptResponses() {
      return responses.size;
    },
  };
  const lru = new LRUCache<string, CachedAnswer<unknown>>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    // The value object takes about twice its JSON in memory; compressed bodies are a fraction of it.
    sizeCalculation: (answer) => Math.max(1, answer.body.length * 3),
    // An answer leaving the cache takes its kept responses with it: they hold its bodies, and memory stays bounded.
    dispose: (answer) => {
      for (const url of answer.responseUrls ?? []) if (responses.get(url)?.answer === answer) responses.delete(url);
    },
  });
  /**
   * The response cache: the exact bytes of each anonymous 200 sent from a kept answer (head and body), per request
   * URL and content coding, so that the next identical request is answered before routing's hooks, validation and
   * handler run. An entry is good while its answer is the one kept under its key (same version, not evicted, not
   * expired); it holds no bytes of its own beyond the head.
   */
  const responses = new LRUCache<string, ResponseEntry>({ max: 20_000 });
  /** Loads under way: concurrent misses of one key wait for one load (a crowd after an import costs one query). */
  const inflight = new Map<string, Promise<CachedAnswer<unknown>>>();
  let version = 0;
  /** Bumped on every change: a load that started before it is answered but not kept. */
  let generation = 0;

  function advanceTo(next: number) {
    if (!(next > version)) return;
    version = next;
    generation += 1;
    stats.invalidations += 1;
    lru.clear();
    responses.clear();
    inflight.clear();
  }

  const enabled = options.enabled ?? true;
  const redis = options.redis ?? null;

  /** Publishes a committed version to Redis (never lowers it). */
  async function publish(next: number) {
    if (redis) await redis.eval(PUBLISH_IF_NEWER, 1, SHARED_VERSION_KEY, next);
  }

  /** One GET at a time: requests arriving meanwhile share its answer. */
  let sharedCheck: Promise<void> | null = null;
  function checkShared(): Promise<void> {
    if (!redis) return Promise.resolve();
    sharedCheck ??= redis
      .get(SHARED_VERSION_KEY)
      .then((value) => advanceTo(Number(value ?? 0)))
      // Redis away: the NOTIFY still invalidates; reads go on with what this instance knows.
      .catch(() => {})
      .finally(() => {
        sharedCheck = null;
      });
    return sharedCheck;
  }

  function answer<T>(key: string, load: () => Promise<T>, schema?: z.ZodType, answerOptions?: AnswerOptions<T>): Promise<CachedAnswer<T>> {
    if (redis) return checkShared().then(() => lookup(key, load, schema, answerOptions));
    return lookup(key, load, schema, answerOptions);
  }

  function lookup<T>(key: string, load: () => Promise<T>, schema?: z.ZodType, answerOptions?: AnswerOptions<T>): Promise<CachedAnswer<T>> {
    const hit = enabled ? lru.get(key) : undefined;
    if (hit) {
      stats.hits += 1;
      return Promise.resolve(hit as CachedAnswer<T>);
    }
    const pending = inflight.get(key);
    if (pending) {
      stats.hits += 1;
      return pending as Promise<CachedAnswer<T>>;
    }
    stats.misses += 1;
    const startedIn = generation;
    const loading = (async () => {
      const value = await load();
      if (schema && options.validate) schema.parse(value);
      const body = answerOptions?.encode ? answerOptions.encode(value) : Buffer.from(JSON.stringify(value));
      const made: CachedAnswer<T> = { key, value, body, hash: createHash('sha1').update(body).digest('base64url').slice(0, 27) };
      const keep = answerOptions?.keep ? answerOptions.keep(value) : true;
      if (generation === startedIn && enabled && keep) {
        lru.set(key, made as CachedAnswer<unknown>, answerOptions?.ttlMs ? { ttl: answerOptions.ttlMs } : undefined);
      }
      return made;
    })();
    if (!enabled) return loading;
    inflight.set(key, loading as Promise<CachedAnswer<unknown>>);
    const forget = () => {
      if (inflight.get(key) === loading) inflight.delete(key);
    };
    loading.then(forget, forget);
    return loading;
  }

  const cache: CatalogueCache = {
    get version() {
      return version;
    },
    advanceTo,
    answer,
    product: (id) => answer(`product:${id}`, () => products.findById(id), productSchema.nullable()),
    listing: (filter, page) => answer(listingKey(filter, page), () => products.list(filter, page), productPageSchema),
    candidates: (request) => {
      const exclude = [...new Set(request.exclude)].sort((a, b) => a - b);
      const key = `candidates:${JSON.stringify([request.category, request.subcategory ?? null, exclude, request.limit])}`;
      return answer(key, () => products.candidates({ ...request, exclude }), z.array(productSchema));
    },
    suggestions: (q, limit) => {
      const words = searchWords(q);
      return answer(`suggest:${JSON.stringify([words, limit])}`, () => search.suggest(q, limit), z.array(searchSuggestionSchema));
    },
    send: (request, reply, answer, sendOptions) => sendAnswer(request, reply, answer, sendOptions, keepResponse),
    stats,
  };

  /**
   * Keeps the response about to be sent for `answer` (sendAnswer calls it for an anonymous 200 GET) once it has gone
   * out: its head as sent, after every onSend hook (an admin page's robots header, say). Not kept if a hook changed
   * the status, the coding or the body.
   */
  function keepResponse(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer<unknown>, coding: Coding, body: Buffer) {
    if (!enabled || request.method !== 'GET' || reply.statusCode !== 200 || lru.peek(answer.key) !== answer) return;
    const encoding = reply.getHeader('content-encoding');
    reply.raw.once('finish', () => {
      const sent = reply.getHeaders();
      if (reply.statusCode !== 200 || sent['content-length'] !== String(body.length) || sent['content-encoding'] !== encoding) return;
      if (lru.peek(answer.key) !== answer) return;
      const head: string[] = [];
      for (const [name, value] of Object.entries(sent)) {
        // Rate-limit counters are the asking client's, not the answer's.
        if (value === undefined || name.startsWith('x-ratelimit-')) continue;
        head.push(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const entry = responses.get(request.url);
      if (entry && entry.answer === answer) entry.codings[coding] = { head, body };
      else responses.set(request.url, { answer, codings: { [coding]: { head, body } } });
      (answer.responseUrls ??= new Set()).add(request.url);
    });
  }

  /** The kept response for this request, if there is one and its answer is still current. */
  function keptResponse(request: FastifyRequest): KeptResponse | null {
    const entry = responses.get(request.url);
    if (!entry) return null;
    if (lru.get(entry.answer.key) !== entry.answer) {
      responses.delete(request.url);
      return null;
    }
    return entry.codings[codingFor(request.headers['accept-encoding'])] ?? null;
  }

  /**
   * Answers a request from the response cache when it can: an anonymous, unconditional GET whose exact URL and
   * content coding were answered before in this catalogue version. Returns whether it did (else the request goes on
   * through the route as usual). With Redis, the shared version is checked first, as for every catalogue read.
   */
  function serveKept(request: FastifyRequest, reply: FastifyReply): boolean | Promise<boolean> {
    if (responses.size === 0 || request.method !== 'GET') return false;
    const headers = request.headers;
    if (headers.authorization !== undefined || headers['if-none-match'] !== undefined) return false;
    if (!responses.has(request.url)) return false;
    const send = () => {
      const kept = keptResponse(request);
      if (!kept) return false;
      stats.responseHits += 1;
      request.fromResponseCache = true;
      reply.hijack();
      reply.raw.writeHead(200, kept.head);
      reply.raw.end(kept.body);
      return true;
    };
    return redis ? checkShared().then(send) : send();
  }

  async function resync() {
    advanceTo(await readCatalogueVersion(options.database.db));
  }

  return { cache, resync, publish, serveKept };
}

type Coding = 'identity' | 'br' | 'gzip';
type KeptResponse = { head: string[]; body: Buffer };
type ResponseEntry = { answer: CachedAnswer<unknown>; codings: Partial<Record<Coding, KeptResponse>> };

/** Accept-Encoding values are few (one per browser family): each is parsed once. */
const codings = new Map<string, Coding>();
function codingFor(header: string | string[] | undefined): Coding {
  if (header === undefined) return 'identity';
  const value = Array.isArray(header) ? header.join(',') : header;
  let coding = codings.get(value);
  if (coding === undefined) {
    coding = preferredEncoding(value) ?? 'identity';
    if (codings.size < 256) codings.set(value, coding);
  }
  return coding;
}

/** The content codings a client accepts, best first among those this server makes. */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const value = Array.isArray(header) ? header.join(',') : header;
  let br = false;
  let gzip = false;
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip') gzip = true;
    else if (name === '*') {
      br = true;
      gzip = true;
    }
  }
  return br ? 'br' : gzip ? 'gzip' : null;
}

/** Whether an If-None-Match header names this content (weak comparison, as RFC 9110 asks for it). */
export function etagMatches(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => {
    const opaque = tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return opaque === hash || opaque === `${hash}-br` || opaque === `${hash}-gz`;
  });
}

/**
 * Brotli's quality for answers compressed as they are asked for, as @fastify/compress does for every other dynamic
 * response (and as CDNs compress on the fly). Measured on a product page (48 KB of HTML) and a listing page
 * (186 KB): quality 4 takes 0.60 and 1.17 ms where 5 takes 1.00 and 1.65 ms, for 8% and 15% more bytes (0.6 and
 * 1.9 KB: 3 to 10 ms on a slow 4G link, where the render's first byte waits on the server's time, shared by every
 * request). Static files are compressed at build time at the highest quality.
 */
const BROTLI_QUALITY = 4;

/**
 * Brotli's options for a body of this size. Its window is no larger than the body needs (it compresses as well):
 * the default window is 4 MB, allocated afresh for every body, and on a server whose memory is busy with other work
 * that allocation cost a listing page's compression 2.4 ms instead of 1.1 ms.
 */
export function brotliOptions(size: number) {
  const window = Math.min(zlibConstants.BROTLI_MAX_WINDOW_BITS, Math.max(zlibConstants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 16))));
  return {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
      [zlibConstants.BROTLI_PARAM_LGWIN]: window,
    },
  };
}

type KeepResponse = (request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer<unknown>, coding: Coding, body: Buffer) => void;

function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer<unknown>, given: SendOptions | undefined, keep: KeepResponse): FastifyReply {
  const options = given ?? {};
  const personal = request.headers.authorization !== undefined;
  const encoding = answer.body.length >= COMPRESS_MIN_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  reply.header('content-type', options.contentType ?? 'application/json; charset=utf-8');
  reply.header('vary', 'Accept-Encoding');
  if (personal) {
    // Never stored by a shared cache or the browser; the body is the same one an anonymous request gets,
    // because catalogue answers do not depend on who asks.
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  } else {
    reply.header('cache-control', options.cacheControl ?? PUBLIC_CACHE_CONTROL);
    if (options.validators !== false) {
      // Strong: byte-for-byte this representation (each content coding is a representation of its own).
      reply.header('etag', `"${answer.hash}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`);
      if (etagMatches(request.headers['if-none-match'], answer.hash)) return reply.code(304).send();
    }
  }
  if (encoding === 'br') {
    answer.br ??= brotliCompressSync(answer.body, brotliOptions(answer.body.length));
    reply.header('content-encoding', 'br');
    if (!personal) keep(request, reply, answer, 'br', answer.br);
    return reply.send(answer.br);
  }
  if (encoding === 'gzip') {
    answer.gzip ??= gzipSync(answer.body, { level: 6 });
    reply.header('content-encoding', 'gzip');
    if (!personal) keep(request, reply, answer, 'gzip', answer.gzip);
    return reply.send(answer.gzip);
  }
  // A small body goes as it is whatever the client accepts: kept under the coding the client asked for.
  if (!personal) keep(request, reply, answer, codingFor(request.headers['accept-encoding']), answer.body);
  return reply.send(answer.body);
}

export const catalogueCachePlugin = fp<{ maxBytes?: number | undefined; validate?: boolean; enabled?: boolean | undefined }>(
  async (app: FastifyInstance, options) => {
    const redis = app.hasDecorator('redis') ? app.redis : null;
    const { cache, resync, publish, serveKept } = createCatalogueCache({
      database: app.database,
      products: app.productRepository,
      maxBytes: options.maxBytes,
      validate: options.validate,
      enabled: options.enabled,
      redis,
    });
    app.decorate('catalogue', cache);
    app.decorateRequest('fromResponseCache', false);
    // A request the response cache can answer is answered here, before the route's own hooks (rate limit,
    // validation) and handler: a kept answer costs less to send than the rest would cost to run
    // (docs/decisions/0005-catalogue-cache.md). Metrics (onResponse) still count it.
    app.addHook('onRequest', (request, reply, done) => {
      const served = serveKept(request, reply);
      if (served === false) return done();
      if (served === true) return;
      served.then(
        (sent) => {
          if (!sent) done();
        },
        (error: unknown) => done(error as Error),
      );
    });
    const publishLogged = (version: number) =>
      publish(version).catch((error: unknown) => app.log.warn({ err: error }, 'could not publish the catalogue version to redis'));
    // Changes committed by this process (imports, reviews) are served from the next request on, here and (Redis)
    // on every other instance.
    const unsubscribe = onCatalogueVersion(app.database.db, async (version) => {
      cache.advanceTo(version);
      await publishLogged(version);
    });

    // Each (re)connection of the listener re-reads the version: notifications sent while it was away are lost.
    const resyncLogged = () => resync().catch((error: unknown) => app.log.warn({ err: error }, 'could not read the catalogue version'));
    const unlisten = await app.database.listen(
      CATALOGUE_CHANNEL,
      (payload) => {
        const next = Number(payload);
        if (!Number.isFinite(next)) return;
        cache.advanceTo(next);
        // A change committed by a process without Redis (the feeds CLI) reaches Redis through its first listener.
        void publishLogged(next);
      },
      () => void resyncLogged(),
    );
    await resync();
    const poll = setInterval(() => void resyncLogged(), VERSION_POLL_MS);
    poll.unref();

    app.addHook('onClose', async () => {
      clearInterval(poll);
      unsubscribe();
      await unlisten().catch(() => {});
    });

    // Anything under /api that did not say otherwise is not for any cache; any answer to a request with a token
    // is private whatever the route said.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
        if (request.headers.authorization !== undefined) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
        else if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'catalogue-cache', dependencies: [] },
);
