import { drain, fixture } from '@/server/modules/feeds/feed-test-helpers';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { detectFeedFormat, openFeed, parseFeed } from '@/server/modules/feeds/detect-format';
import { FeedFormatError, FeedSourceError } from '@/server/modules/feeds/feed-errors';
import type { FeedRecordResult } from '@/server/modules/feeds/feed-item';


const summary = (results: FeedRecordResult[]): (string | number)[] =>
  results.map((r) => (r.ok ? r.item.id : -r.error.position));

const XML_IDS = ['PH-1001', 'DR-2001-S', 'DR-2001-M', -4, -5, -6, -7, 'SP-6001', -9, 'KU-8001'];
const TSV_IDS = ['PH-1001', 'DR-2001-S', 'DR-2001-M', -5, -6, -7, -8, -9, 'SP-6001', -12, 'KU-8001'];

let dir: string;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bachat-feeds-'));
  const xml = await readFile(fixture('products.xml'));
  const tsv = await readFile(fixture('products.tsv'));
  await writeFile(join(dir, 'products.xml.gz'), gzipSync(xml));
  await writeFile(join(dir, 'feed.bin'), gzipSync(tsv)); // gzip recognized by its magic bytes, not the name
  const gz = gzipSync(xml);
  await writeFile(join(dir, 'broken.xml.gz'), gz.subarray(0, Math.floor(gz.length / 2)));
  await writeFile(join(dir, 'blank.xml'), '  \n');

  server = createServer((req, res) => {
    if (req.url === '/feed.xml') {
      res.writeHead(200, { 'content-type': 'application/xml' }).end(xml);
    } else if (req.url === '/feed.tsv') {
      // Transfer-compressed: fetch undoes this one itself.
      res.writeHead(200, { 'content-type': 'text/tab-separated-values', 'content-encoding': 'gzip' }).end(gzipSync(tsv));
    } else {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

describe('detectFeedFormat', () => {
  it('goes by the first non-blank character, then the extension', () => {
    expect(detectFeedFormat('\n  <?xml version="1.0"?>')).toBe('xml');
    expect(detectFeedFormat('id\ttitle\tprice')).toBe('tsv');
    expect(detectFeedFormat('id\ttitle', 'feed.xml')).toBe('tsv');
    expect(detectFeedFormat('', 'feed.xml.gz')).toBe('xml');
    expect(detectFeedFormat('', 'feed.txt')).toBe('tsv');
  });
});

describe('openFeed', () => {
  it('opens XML and TSV files by content', async () => {
    expect(summary((await drain(openFeed(fixture('products.xml')))).results)).toEqual(XML_IDS);
    expect(summary((await drain(openFeed(fixture('products.tsv')))).results)).toEqual(TSV_IDS);
  });

  it('gunzips .gz files and gzip content under any name', async () => {
    expect(summary((await drain(openFeed(join(dir, 'products.xml.gz')))).results)).toEqual(XML_IDS);
    expect(summary((await drain(openFeed(join(dir, 'feed.bin')))).results)).toEqual(TSV_IDS);
  });

  it('streams feeds over http(s)', async () => {
    expect(summary((await drain(openFeed(`${baseUrl}/feed.xml`))).results)).toEqual(XML_IDS);
    expect(summary((await drain(openFeed(`${baseUrl}/feed.tsv`))).results)).toEqual(TSV_IDS);
  });

  it('fails with a FeedSourceError when the feed cannot be read', async () => {
    const missing = await drain(openFeed(join(dir, 'nope.xml')));
    expect(missing.thrown).toBeInstanceOf(FeedSourceError);
    expect((missing.thrown as Error).message).toMatch(/^cannot open feed file .*nope\.xml: ENOENT/);

    const notFound = await drain(openFeed(`${baseUrl}/gone.xml`));
    expect(notFound.thrown).toBeInstanceOf(FeedSourceError);
    expect((notFound.thrown as Error).message).toBe(`cannot fetch feed ${baseUrl}/gone.xml: HTTP 404`);
  });

  it('fails with a FeedFormatError on truncated, non-feed or blank files', async () => {
    const cases: [string, RegExp][] = [
      [fixture('truncated.xml'), /^malformed or truncated XML feed: unclosed tag: g:id \(line 48\)$/],
      [fixture('not-a-feed.html'), /^not an RSS or Atom product feed: root element is <html>/],
      [join(dir, 'broken.xml.gz'), /^corrupt or truncated gzip feed: unexpected end of file$/],
      [join(dir, 'blank.xml'), /^malformed or truncated XML feed: empty or not XML/],
    ];
    for (const [path, message] of cases) {
      const { thrown } = await drain(openFeed(path));
      expect(thrown, path).toBeInstanceOf(FeedFormatError);
      expect((thrown as Error).message, path).toMatch(message);
    }
  });

  it('stops reading when the caller stops early', async () => {
    const seen: string[] = [];
    for await (const record of openFeed(fixture('products.xml'))) {
      if (record.ok) seen.push(record.item.id);
      if (seen.length === 2) break;
    }
    expect(seen).toEqual(['PH-1001', 'DR-2001-S']);
  });
});

describe('parseFeed', () => {
  it('detects the format of an in-memory stream past leading blank chunks', async () => {
    const tsv = await readFile(fixture('products.tsv'), 'utf8');
    const { results } = await drain(parseFeed(['', '\n', tsv]));
    // The extra leading blank line shifts every TSV line number by one.
    expect(results.map((r) => (r.ok ? r.position : -r.error.position))).toEqual([3, 4, 5, -6, -7, -8, -9, -10, 12, -13, 14]);
    const xml = await readFile(fixture('products.xml'));
    expect(summary((await drain(parseFeed([Buffer.from('   '), xml]))).results)).toEqual(XML_IDS);
  });
});
