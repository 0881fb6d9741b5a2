/**
 * Issue 17: input that is not what it claims. Part 1 checks the reported cases; part 2 walks the OpenAPI
 * document and sends, for every route, every parameter and every body field, values of each wrong JSON type
 * and numbers out of range: never a 5xx, never a 2xx for a wrongly typed body, always a JSON `detail`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceAlert, WishlistItem } from '@/shared/contracts/account';
import { buildTestApp, signUpAndLogIn, type TestApp } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';
import { signUpOperator } from '@/server/test/operator';

let t: TestApp;
let headers: Record<string, string>;
let credentials: { email: string; password: string };
let phone: number;
let laptop: number;

beforeAll(async () => {
  t = await buildTestApp();
  phone = await insertProduct(t.database.db, { name: 'Strict Phone' });
  laptop = await insertProduct(t.database.db, { name: 'Strict Laptop' });
  const session = await signUpAndLogIn(t.app, 'strict');
  headers = session.headers;
  credentials = { email: session.user.email, password: session.user.password };
}, 180_000);
afterAll(async () => t?.close());

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;
const detailOf = (response: Injected) => {
  try {
    const body = response.json() as unknown;
    return body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string' ? body.detail : null;
  } catch {
    return null;
  }
};

describe('bodies and queries reported in the issue', () => {
  it('refuses a boolean, a string, an array, a float and an out-of-range id as a wishlist productId, and saves nothing', async () => {
    const { headers: own } = await signUpAndLogIn(t.app, 'wish');
    for (const productId of [true, false, String(phone), [phone], 1.5, 0, -1, 2_147_483_648, null, {}]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/wishlist', headers: own, payload: { productId } });
      expect(response.statusCode, JSON.stringify(productId)).toBe(400);
      expect(detailOf(response)).toMatch(/^body\.productId: /);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/wishlist', headers: own });
    expect(list.json<WishlistItem[]>()).toEqual([]);
  });

  it('refuses wrongly typed price-alert bodies, create and update, and keeps the saved alert as it was', async () => {
    const { headers: own } = await signUpAndLogIn(t.app, 'alert');
    for (const payload of [
      { productId: true, targetPrice: 100 },
      { productId: phone, targetPrice: '100' },
      { productId: phone, targetPrice: true },
      { productId: phone, targetPrice: -5 },
      { productId: [phone], targetPrice: 100 },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/price-alerts', headers: own, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(detailOf(response)).toBeTruthy();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/price-alerts', headers: own })).json()).toEqual([]);

    const created = await t.app.inject({ method: 'POST', url: '/api/price-alerts', headers: own, payload: { productId: phone, targetPrice: 100 } });
    expect(created.statusCode).toBe(201);
    const alert = created.json<PriceAlert>();
    for (const payload of [{ isActive: 'false' }, { isActive: 0 }, { targetPrice: '90' }, { targetPrice: null }]) {
      const response = await t.app.inject({ method: 'PUT', url: `/api/price-alerts/${alert.id}`, headers: own, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // JSON allows 1e400, which parses to Infinity: still a 400.
    const infinite = await t.app.inject({
      method: 'PUT',
      url: `/api/price-alerts/${alert.id}`,
      headers: { ...own, 'content-type': 'application/json' },
      payload: '{"targetPrice": 1e400}',
    });
    expect(infinite.statusCode).toBe(400);
    const [after] = (await t.app.inject({ method: 'GET', url: '/api/price-alerts', headers: own })).json<PriceAlert[]>();
    expect(after).toMatchObject({ id: alert.id, targetPrice: 100, isActive: true });
  });

  it('ignores comparison exclude ids that no product can have, and refuses ones that are not ids', async () => {
    const huge = await t.app.inject({ method: 'GET', url: '/api/products/category/electronics?exclude=9999999999999999999999999999999999999999' });
    expect(huge.statusCode).toBe(200);
    expect(huge.json<{ id: number }[]>().map((p) => p.id)).toEqual(expect.arrayContaining([phone, laptop]));

    const mixed = await t.app.inject({ method: 'GET', url: `/api/products/category/electronics?exclude=${phone},2147483648,0` });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json<{ id: number }[]>().map((p) => p.id)).not.toContain(phone);

    for (const exclude of ['1e400', 'true', '-1', '1.5', '']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/products/category/electronics?exclude=${encodeURIComponent(exclude)}` });
      expect(response.statusCode, exclude).toBe(400);
      expect(detailOf(response)).toMatch(/^query\.exclude: /);
    }
  });

  it('parses query-string numbers strictly: no exponents, hex, spaces, fractions or repeated keys', async () => {
    for (const query of ['page=1e1', 'page=0x2', 'page=%201', 'page=1.0', 'page=', 'page=1&page=2', 'pageSize=-1', 'page=99999999999999999999']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/products/all?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(detailOf(response)).toMatch(/^query\.page(Size)?: /);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/products/all?page=1&pageSize=2' })).statusCode).toBe(200);
  });

  it('answers 400, not 500, for ids past PostgreSQL integer in paths', async () => {
    for (const id of ['2147483648', '99999999999999999999', '1e400', '-1', '0', '1.5', 'true']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/products/${encodeURIComponent(id)}` });
      expect(response.statusCode, id).toBe(400);
      expect(detailOf(response)).toMatch(/^path\.id: /);
    }
  });

  it('refuses NUL characters in text before they reach the database', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/products?q=%00phone' });
    expect(search.statusCode).toBe(400);
    expect(detailOf(search)).toMatch(/^query\.q: /);
    const review = await t.app.inject({ method: 'POST', url: `/api/products/${phone}/reviews`, headers, payload: { rating: 5, title: 'a\u0000b', body: 'ok' } });
    expect(review.statusCode).toBe(400);
    expect(detailOf(review)).toMatch(/^body\.title: /);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The generated walk over the OpenAPI document.

type JsonSchema = {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  $ref?: string;
};
type Parameter = { in: 'query' | 'path'; name: string; required?: boolean; schema: JsonSchema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } };

const RAW = '__raw_number__';
/** A value the route should accept, so a mutated field is the only thing wrong with a request. */
function validSample(name: string, schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  // The console's store form and category mapping check their text's shape beyond its JSON type.
  if (name === 'homepage' || name === 'feedUrl') return 'https://walk.example/feed.xml';
  if (name === 'affiliateTagTemplate') return 'tag=walk-21';
  if (name === 'slug') return `walk-${Math.random().toString(36).slice(2, 8)}`;
  if (name === 'target') return 'electronics/mobiles';
  switch (schema.type) {
    case 'integer':
      if (name === 'rating') return 5;
      // Two different products, as a merge needs.
      if (name === 'mergedId') return laptop;
      return Math.max(phone, schema.minimum ?? phone);
    case 'number':
      return 100;
    case 'boolean':
      return true;
    case 'array':
      return name === 'productIds' ? [phone, laptop] : [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, validSample(key, value)]));
    default:
      if (name === 'email') return `walk${Math.random().toString(36).slice(2)}@example.in`;
      if (name === 'password') return 'secret123';
      if (name === 'username') return `walk${Math.random().toString(36).slice(2, 12)}`;
      return 'Walk test';
  }
}

/** Values of every other JSON type, and numbers out of range, for a body field of this schema. */
function wrongBodyValues(schema: JsonSchema): unknown[] {
  // null is the one right value of another JSON type for a nullable field.
  const common: unknown[] = [...(schema.nullable ? [] : [null]), {}, [], ['x']];
  if (schema.enum) return [...common, 5, true, 'not-an-option'];
  switch (schema.type) {
    case 'integer':
      return [...common, true, false, '', '5', String(phone), [phone], 1.5, -1, 0, 2_147_483_648, 1e20, RAW];
    case 'number':
      return [...common, true, false, '', '100', [100], -1, 1e20, RAW];
    case 'boolean':
      return [...common, 'true', 'false', '', 1, 0];
    case 'array':
      return [null, {}, '1,2', 5, true, [true, false], [null, null], ['1', '2'], [1.5, 2.5]];
    default:
      return [...common, 5, true, false, 1.5];
  }
}

const QUERY_WRONG = ['true', '', 'abc', '1.5', '-1', '0', '1e3', '1e400', '0x10', ' 5', '2147483648', '99999999999999999999', '\u0000', 'x'.repeat(3000)];

function sampleParam(param: Parameter): string {
  if (param.schema.enum) return String(param.schema.enum[0]);
  if (param.schema.pattern === '^-?\\d+$') return String(phone);
  if (param.name === 'file') return '0.svg';
  // Never the walking operator's own id: demoting it would end the walk.
  if (param.name === 'userId') return String(2_147_483_647);
  if (param.name === 'category') return 'electronics';
  return 'walk';
}

function buildUrl(path: string, params: Parameter[], override?: { param: Parameter; value: string | string[] }) {
  let url = path;
  const search = new URLSearchParams();
  for (const param of params) {
    const value = override?.param === param ? override.value : param.in === 'path' || param.required ? sampleParam(param) : undefined;
    if (value === undefined) continue;
    if (param.in === 'path') url = url.replace(`{${param.name}}`, encodeURIComponent(String(value)));
    else for (const each of Array.isArray(value) ? value : [value]) search.append(param.name, each);
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

/** A query or path value this parameter must refuse: digits-only ints, enums and patterns have exactly one shape. */
function mustRefuse(param: Parameter, value: string | string[]) {
  if (Array.isArray(value)) return true;
  if (param.schema.enum) return !param.schema.enum.includes(value);
  if (param.name === 'exclude') return !new RegExp(param.schema.pattern ?? '').test(value); // out-of-range ids are ignored (SPEC: exclude)
  if (param.schema.pattern) {
    if (!new RegExp(param.schema.pattern).test(value)) return true;
    if (param.schema.pattern === '^-?\\d+$') return Number(value) < 1 || Number(value) > 2_147_483_647;
    return false;
  }
  return value.includes('\u0000');
}

type Walked = { requests: number; failures: string[]; routes: Set<string> };

/**
 * Walks every operation whose path `select` picks, as the caller `headers` belong to. The operator console's
 * routes answer 403 to a shopper before validation, so they are walked with an operator's token: a shopper's walk
 * would never reach their schemas.
 */
async function walkOpenApi(select: (path: string) => boolean, headers: Record<string, string>): Promise<Walked> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
  const walked: Walked = { requests: 0, failures: [], routes: new Set() };
  const { failures } = walked;
  const check = (label: string, response: Injected, refuse: boolean) => {
    walked.requests += 1;
    if (response.statusCode === 401 || response.statusCode === 403) failures.push(`${label} → ${response.statusCode}: the walk did not reach validation`);
    else if (response.statusCode >= 500) failures.push(`${label} → ${response.statusCode} ${response.body.slice(0, 120)}`);
    else if (refuse && response.statusCode < 400) failures.push(`${label} → ${response.statusCode} (accepted)`);
    else if (response.statusCode >= 400 && response.headers['content-type']?.toString().startsWith('application/json') && !detailOf(response))
      failures.push(`${label} → ${response.statusCode} without detail`);
    else if (response.statusCode >= 400 && !detailOf(response)) failures.push(`${label} → ${response.statusCode} not JSON`);
  };

  for (const [path, operations] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs') || !select(path)) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const verb = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      walked.routes.add(`${verb} ${path}`);
      const params = operation.parameters ?? [];
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      const body = () => (bodySchema ? (validSample('', bodySchema) as Record<string, unknown>) : undefined);
      const send = (url: string, payload?: Record<string, unknown> | string) =>
        t.app.inject({
          method: verb,
          url,
          headers: { ...headers, ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) },
          ...(payload === undefined ? {} : { payload }),
        });
      const loginBody = () => (path === '/api/auth/login' ? { ...credentials } : body());

      for (const param of params) {
        for (const value of [...QUERY_WRONG, [sampleParam(param), sampleParam(param)]]) {
          const url = buildUrl(path, params, { param, value });
          check(`${verb} ${url.slice(0, 80)} [${param.in}.${param.name}=${JSON.stringify(value).slice(0, 20)}]`, await send(url, loginBody()), mustRefuse(param, value));
        }
      }

      if (!bodySchema) continue;
      // The untouched sample must pass validation (a route's own rule, e.g. a product's only offer cannot be split,
      // may still refuse it): then every refusal below is the mutated field's doing.
      const baseline = await send(buildUrl(path, params), loginBody());
      expect(baseline.statusCode === 400 && /^(body|query|path)\b/.test(detailOf(baseline) ?? ''), `${verb} ${path} sample body: ${baseline.body}`).toBe(false);
      expect([401, 403], `${verb} ${path} sample body: ${baseline.body}`).not.toContain(baseline.statusCode);
      for (const [field, fieldSchema] of Object.entries(bodySchema.properties ?? {})) {
        for (const wrong of wrongBodyValues(fieldSchema)) {
          const payload = { ...loginBody(), [field]: wrong };
          const text = wrong === RAW ? JSON.stringify(payload).replace(`"${RAW}"`, '1e400') : payload;
          check(`${verb} ${path} [body.${field}=${JSON.stringify(wrong === RAW ? '1e400' : wrong)}]`, await send(buildUrl(path, params), text), true);
        }
      }
      for (const whole of ['null', '[]', '"text"', '5', 'true', '{"unclosed"']) {
        check(`${verb} ${path} [body=${whole}]`, await send(buildUrl(path, params), whole), true);
      }
    }
  }
  return walked;
}

const isAdmin = (path: string) => path.startsWith('/api/admin/');

describe('generated walk over the OpenAPI document', () => {
  it('never answers 5xx, never 2xx for a wrongly typed body, and always with a JSON detail (shopper routes)', async () => {
    const walked = await walkOpenApi((path) => !isAdmin(path), headers);
    expect(walked.failures).toEqual([]);
    expect(walked.requests).toBeGreaterThan(500);
  }, 120_000);

  it('walks the operator console routes the same way, as an operator (a shopper is refused before validation)', async () => {
    const operator = await signUpOperator(t.app, t.database.db, 'walkop');
    const walked = await walkOpenApi(isAdmin, operator.headers);
    expect(walked.failures).toEqual([]);
    // Every console route was reached: stores, runs, import, products, merge/split, categories, operators, audit.
    for (const route of ['POST /api/admin/stores', 'PATCH /api/admin/stores/{id}', 'POST /api/admin/products/merge', 'PUT /api/admin/category-mappings', 'DELETE /api/admin/operators/{userId}', 'GET /api/admin/audit'])
      expect([...walked.routes]).toContain(route);
    expect(walked.requests).toBeGreaterThan(300);
  }, 120_000);
});
