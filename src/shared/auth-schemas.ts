/**
 * Auth schemas shared by the web forms (react-hook-form + zodResolver) and the API, so a
 * form error and a 400 from the server always say the same thing (SPEC 5 texts).
 * Every field is checked together; each field reports its first failing rule only.
 */
import { z } from 'zod';

/** SPEC 5's "simple pattern": something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 6;
/** Caps what the server hashes (argon2 on a megabyte password is a cheap DoS). */
export const PASSWORD_MAX = 128;
export const NAME_MAX = 50;
/** RFC 5321 path limit. */
export const EMAIL_MAX = 254;

type Rule = readonly [passes: (value: string) => boolean, message: string];

/**
 * Applies rules in order and reports only the first that fails, so a field shows one
 * message. Not zod's `abort`: an aborted field would also skip the form-level
 * "Passwords do not match" check, and SPEC 5 wants every error at once.
 */
function firstFailing(rules: readonly Rule[]) {
  return (value: string, ctx: z.RefinementCtx) => {
    const failed = rules.find(([passes]) => !passes(value));
    if (failed) ctx.addIssue({ code: 'custom', message: failed[1] });
  };
}

const notEmpty = (value: string) => value.length > 0;
const atMost = (max: number) => (value: string) => value.length <= max;

/** Trimmed required text with a length cap. */
function requiredText(required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .superRefine(firstFailing([[notEmpty, required], [atMost(max), tooLong]]));
}

/** Trimmed and lower-cased so sign-up and login match however the address was typed. */
const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .superRefine(
    firstFailing([
      [notEmpty, 'Email is required'],
      [atMost(EMAIL_MAX), `Email must be at most ${EMAIL_MAX} characters`],
      [(value) => EMAIL_PATTERN.test(value), 'Email is invalid'],
    ]),
  );

// Passwords are never trimmed: spaces may be part of them.
const newPasswordField = z.string({ error: 'Password is required' }).superRefine(
  firstFailing([
    [notEmpty, 'Password is required'],
    [(value) => value.length >= PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`],
    [atMost(PASSWORD_MAX), `Password must be at most ${PASSWORD_MAX} characters`],
  ]),
);

export const signupRequestSchema = z.object({
  username: requiredText('Username is required', NAME_MAX, `Username must be at most ${NAME_MAX} characters`),
  firstName: requiredText('First name is required', NAME_MAX, `First name must be at most ${NAME_MAX} characters`),
  lastName: requiredText('Last name is required', NAME_MAX, `Last name must be at most ${NAME_MAX} characters`),
  email: emailField,
  password: newPasswordField,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/**
 * The Create Account form. The match check runs even when other fields fail (`when`),
 * so every error shows at once; it stays quiet while confirm is empty, where
 * "Please confirm your password" is the message.
 */
export const signupFormSchema = signupRequestSchema
  .extend({
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .superRefine(firstFailing([[notEmpty, 'Please confirm your password']])),
  })
  .refine((data) => data.password === data.confirmPassword, {
    error: 'Passwords do not match',
    path: ['confirmPassword'],
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown } | null | undefined;
      return (
        typeof value?.password === 'string' &&
        typeof value.confirmPassword === 'string' &&
        value.confirmPassword.length > 0
      );
    },
  });
export type SignupFormValues = z.infer<typeof signupFormSchema>;

/** Login checks presence and shape only: the password rules are for new passwords. */
export const loginRequestSchema = z.object({
  email: emailField,
  password: z.string({ error: 'Password is required' }).superRefine(
    firstFailing([
      [notEmpty, 'Password is required'],
      [atMost(PASSWORD_MAX), `Password must be at most ${PASSWORD_MAX} characters`],
    ]),
  ),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userSchema = z.object({
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** 'operator' accounts may open the console at /admin. */
  role: z.enum(['shopper', 'operator']),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.literal('bearer'),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
