import { z } from 'zod';

/** Every API error body (DEVELOPERS.md): `{"detail": "..."}`. */
export const errorSchema = z.object({ detail: z.string() }).meta({ id: 'Error' });
export type ApiErrorBody = z.infer<typeof errorSchema>;

/**
 * THE INPUT RULE (issue 17), for every route's contract:
 *
 * 1. JSON bodies never coerce. A body field is validated as the JSON type it claims: `true`, `"5"`, `[5]`,
 *    `5.5` or `null` where an id is expected is a 400, never id 1 or 5. Use `jsonId`, `jsonInt`, `rupeeAmount`,
 *    `z.boolean()`, `z.string()`; never `z.coerce.*` in a body.
 * 2. Query strings and path segments are text, so they are *parsed*, strictly: `queryId` / `queryInt` /
 *    `queryDecimal` accept only plain digits (`^-?\d+$`, decimals `^\d+(\.\d+)?$`); `1e3`, `0x10`, ` 5`, `5.0`,
 *    `true`, an empty value or a repeated key (`?page=1&page=2`) is a 400. Never `z.coerce.*` here either.
 * 3. Every number has a range that the database can hold: ids and ints within PostgreSQL's `integer`
 *    (1..2,147,483,647 for ids), money within `rupeeAmount`. Out of range is a 400, never a 5xx, except where
 *    SPEC says a value is ignored (the comparison `exclude` list drops ids that cannot exist).
 */
export const PG_INT_MAX = 2_147_483_647;

/** An id in a JSON body: a JSON integer, 1..2^31-1. */
export const jsonId = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(PG_INT_MAX, 'is too large');

/** A whole number in a JSON body within [min, max] (both inside PostgreSQL's integer). */
export const jsonInt = (min: number, max: number) =>
  z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be ${min} or more`)
    .max(max, `must be at most ${max}`);

const INT_TEXT = /^-?\d+$/;
const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/** A whole number in a query string or path segment: digits only, within [min, max]. */
export const queryInt = (min: number, max: number) =>
  z
    .string({ error: 'must be a whole number' })
    .regex(INT_TEXT, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be ${min} or more`).max(max, `must be at most ${max}`));

/** An id in a path segment or query string: digits only, 1..2^31-1. */
export const queryId = z
  .string({ error: 'must be a whole number' })
  .regex(INT_TEXT, 'must be a whole number')
  .transform(Number)
  .pipe(z.number().positive('must be a positive id').max(PG_INT_MAX, 'is too large'));

/** Kept for route modules written before the rule: the same as `queryId` (path and query only). */
export const idParam = queryId;

/** A non-negative decimal in a query string (e.g. a rupee bound), digits with an optional fraction. */
export const queryDecimal = (max: number) =>
  z
    .string({ error: 'must be a number' })
    .regex(DECIMAL_TEXT, 'must be a number like 499 or 499.50')
    .transform(Number)
    .pipe(z.number().max(max, `must be at most ${max}`));

/** A comma-separated id list in a query string; ids no row can have (0, past 2^31-1) are dropped, as SPEC's `exclude` asks. */
export const queryIdList = z
  .string({ error: 'must be comma-separated numeric ids' })
  .max(2000)
  .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'must be comma-separated numeric ids')
  .transform((value) => [
    ...new Set(value.split(',').map((id) => Number(id.trim())).filter((id) => Number.isSafeInteger(id) && id >= 1 && id <= PG_INT_MAX)),
  ]);

/** Rupee amounts sent by clients: decimal, non-negative, rounded to paise by the server. */
export const rupeeAmount = z
  .number({ error: 'must be a number' })
  .finite('must be a finite number')
  .nonnegative('must not be negative')
  .max(9_999_999_999, 'is too large');

export const isoDate = z.string().meta({ format: 'date-time' });
