import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  loginRequestSchema,
  loginResponseSchema,
  signupFormSchema,
  signupRequestSchema,
  userSchema,
} from '@/shared/auth-schemas';

/** Messages per field path, in order, as a form would show them. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

const validForm = {
  username: 'asha',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.in',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('signupFormSchema', () => {
  it('accepts a valid form, trimming text and lower-casing the email', () => {
    const parsed = signupFormSchema.parse({ ...validForm, username: '  asha ', email: ' Asha@Example.IN ' });
    expect(parsed).toEqual({ ...validForm, username: 'asha', email: 'asha@example.in' });
  });

  it('reports every empty field at once with the SPEC messages', () => {
    const empty = { username: '', firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };
    expect(errorsOf(signupFormSchema, empty)).toEqual({
      username: ['Username is required'],
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: ['Email is required'],
      password: ['Password is required'],
      confirmPassword: ['Please confirm your password'],
    });
  });

  it('treats whitespace-only text as empty', () => {
    expect(errorsOf(signupFormSchema, { ...validForm, firstName: '   ', email: '  ' })).toEqual({
      firstName: ['First name is required'],
      email: ['Email is required'],
    });
  });

  it('reports missing fields with the required messages', () => {
    expect(errorsOf(signupFormSchema, {})).toEqual({
      username: ['Username is required'],
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: ['Email is required'],
      password: ['Password is required'],
      confirmPassword: ['Please confirm your password'],
    });
  });

  it('checks the email pattern', () => {
    for (const email of ['asha', 'asha@example', 'as ha@example.in', '@example.in', 'asha@.in.', 'a@b@c.in']) {
      expect(errorsOf(signupFormSchema, { ...validForm, email }), email).toEqual({ email: ['Email is invalid'] });
    }
    expect(errorsOf(signupFormSchema, { ...validForm, email: 'a@b.co' })).toEqual({});
  });

  it('needs a password of at least 6 characters', () => {
    expect(errorsOf(signupFormSchema, { ...validForm, password: '12345', confirmPassword: '12345' })).toEqual({
      password: ['Password must be at least 6 characters'],
    });
    expect(errorsOf(signupFormSchema, { ...validForm, password: '123456', confirmPassword: '123456' })).toEqual({});
  });

  it('reports a mismatch even when other fields are invalid', () => {
    expect(
      errorsOf(signupFormSchema, {
        username: '',
        firstName: 'Asha',
        lastName: '',
        email: 'nope',
        password: 'secret1',
        confirmPassword: 'secret2',
      }),
    ).toEqual({
      username: ['Username is required'],
      lastName: ['Last name is required'],
      email: ['Email is invalid'],
      confirmPassword: ['Passwords do not match'],
    });
  });

  it('reports a mismatch alongside a short password', () => {
    expect(errorsOf(signupFormSchema, { ...validForm, password: '123', confirmPassword: '1234' })).toEqual({
      password: ['Password must be at least 6 characters'],
      confirmPassword: ['Passwords do not match'],
    });
  });

  it('does not call an empty confirmation a mismatch', () => {
    expect(errorsOf(signupFormSchema, { ...validForm, confirmPassword: '' })).toEqual({
      confirmPassword: ['Please confirm your password'],
    });
  });

  it('compares passwords exactly, spaces included', () => {
    expect(errorsOf(signupFormSchema, { ...validForm, confirmPassword: 'secret1 ' })).toEqual({
      confirmPassword: ['Passwords do not match'],
    });
  });

  it('caps lengths with clear messages', () => {
    expect(
      errorsOf(signupFormSchema, {
        ...validForm,
        username: 'u'.repeat(51),
        firstName: 'f'.repeat(50),
        password: 'p'.repeat(129),
        confirmPassword: 'p'.repeat(129),
      }),
    ).toEqual({
      username: ['Username must be at most 50 characters'],
      password: ['Password must be at most 128 characters'],
    });
    expect(errorsOf(signupFormSchema, { ...validForm, email: `${'a'.repeat(250)}@x.in` })).toEqual({
      email: ['Email must be at most 254 characters'],
    });
  });
});

describe('signupRequestSchema', () => {
  it('is the form without confirmPassword, which it strips', () => {
    const parsed = signupRequestSchema.parse(validForm);
    expect(parsed).toEqual({
      username: 'asha',
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.in',
      password: 'secret1',
    });
  });

  it('reports wrong types with the required messages', () => {
    expect(
      errorsOf(signupRequestSchema, { username: 1, firstName: null, lastName: 'Rao', email: [], password: 123456 }),
    ).toEqual({
      username: ['Username is required'],
      firstName: ['First name is required'],
      email: ['Email is required'],
      password: ['Password is required'],
    });
  });
});

describe('loginRequestSchema', () => {
  it('accepts any non-empty password', () => {
    expect(loginRequestSchema.parse({ email: ' A@B.in ', password: '1' })).toEqual({ email: 'a@b.in', password: '1' });
  });

  it('uses the SPEC messages', () => {
    expect(errorsOf(loginRequestSchema, { email: '', password: '' })).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
    });
    expect(errorsOf(loginRequestSchema, { email: 'bad', password: 'x' })).toEqual({ email: ['Email is invalid'] });
    expect(errorsOf(loginRequestSchema, {})).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
    });
  });
});

describe('userSchema / loginResponseSchema', () => {
  it('reads a user and drops other fields', () => {
    expect(
      userSchema.parse({ username: 'asha', firstName: 'Asha', lastName: 'Rao', email: 'a@b.in', role: 'shopper', password: 'x' }),
    ).toEqual({ username: 'asha', firstName: 'Asha', lastName: 'Rao', email: 'a@b.in', role: 'shopper' });
    expect(userSchema.safeParse({ username: 'asha' }).success).toBe(false);
  });

  it('reads a bearer token', () => {
    expect(loginResponseSchema.parse({ access_token: 'abc', token_type: 'bearer' })).toEqual({
      access_token: 'abc',
      token_type: 'bearer',
    });
    expect(loginResponseSchema.safeParse({ access_token: '', token_type: 'bearer' }).success).toBe(false);
    expect(loginResponseSchema.safeParse({ access_token: 'abc', token_type: 'mac' }).success).toBe(false);
  });
});
