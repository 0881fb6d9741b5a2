/**
 * Two instances of the app on one database and one Redis (REDIS_URL): a feed import through one changes what the
 * other serves on its very next request. On PostgreSQL the instances have connection pools of their own; on the
 * embedded database (one process) they share its one connection. Uses the Redis at 127.0.0.1:6379 (DB 8, a key
 * prefix of its own), or TEST_REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Product } from '@/shared/contracts/product';
import { type BachatApp, buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { type DatabaseHandle, openDatabase } from '@/server/db/client';
import { importFeed } from '@/server/modules/feeds/import-feed';
import { queryOne } from '@/server/modules/feeds/sql-rows';
import { createStoreRepository, type StoreRow } from '@/server/modules/feeds/store-repository';
import { createTestDatabase, type TestDatabase } from '@/server/test/build-test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/8';
const PREFIX = `i18:test:${process.pid}:${randomBytes(3).toString('hex')}:`;
const TSV_HEADER = 'id\ttitle\tlink\timage_link\tavailability\tprice\tsale_price\tbrand\tgtin\tmpn\tproduct_type';
const feed = (price: string) => ({
  input: [`${TSV_HEADER}\nTWO-1\tBoAt Airdopes Twin 141\thttps://shop-t.example.in/1\thttps://img.shop-t.example.in/1.jpg\tin stock\t${price} INR\t\tboAt\t\t\tElectronics > Smart Watches\n`],
  name: 'twin.tsv',
});

let database: TestDatabase;
let second: DatabaseHandle | null = null;
let first: BachatApp;
let other: BachatApp;
let store: StoreRow;
let productId: number;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bachat-two-'));

async function instance(handle: DatabaseHandle) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    REDIS_URL,
    REDIS_PREFIX: PREFIX,
  });
  const app = await buildApp({ config, database: handle, logger: false });
  await app.ready();
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  second = database.url ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 }) : null;
  first = await instance(database);
  other = await instance(second ?? database);
  expect(first.redis?.status).toBe('ready');
  store = await createStoreRepository(database.db).add({ slug: 'shop-t', name: 'Shop T', homepage: 'https://shop-t.example.in' });
  await importFeed(first.database.db, { store, source: feed('1499.00') });
  const row = await queryOne<{ id: number }>(database.db, sql`select id from products where name = 'BoAt Airdopes Twin 141'`);
  productId = row?.id ?? 0;
});

afterAll(async () => {
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  await first?.close();
  await other?.close();
  await second?.close();
  await database?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const priceOn = async (app: BachatApp) => {
  const response = await app.inject({ method: 'GET', url: `/api/products/${productId}` });
  expect(response.statusCode).toBe(200);
  return { price: response.json<Product>().currentPrice, etag: response.headers.etag };
};

it('serves, on the other instance, the price an import through one instance set, from its next request on', async () => {
  // Both instances hold the product in their caches.
  expect((await priceOn(first)).price).toBe(1499);
  const before = await priceOn(other);
  expect(before.price).toBe(1499);
  expect((await priceOn(other)).etag).toBe(before.etag);

  await importFeed(first.database.db, { store, source: feed('1299.00') });
  const after = await priceOn(other);
  expect(after.price).toBe(1299);
  expect(after.etag).not.toBe(before.etag);
  expect(other.catalogue.version).toBe(first.catalogue.version);

  // And the other way round.
  await importFeed(other.database.db, { store, source: feed('1199.00') });
  expect((await priceOn(first)).price).toBe(1199);
});
