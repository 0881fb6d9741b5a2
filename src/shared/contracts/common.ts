import { z } from 'zod';

/** Every API error body (DEVELOPERS.md): `{"detail": "..."}`. */
export const errorSchema = z.object({ detail: z.string() }).meta({ id: 'Error' });
export type ApiErrorBody = z.infer<typeof errorSchema>;

export const idParam = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(2_147_483_647, 'is too large');

/** Rupee amounts sent by clients: decimal, non-negative, rounded to paise by the server. */
export const rupeeAmount = z
  .number({ error: 'must be a number' })
  .finite('must be a finite number')
  .nonnegative('must not be negative')
  .max(9_999_999_999, 'is too large');

export const isoDate = z.string().meta({ format: 'date-time' });
