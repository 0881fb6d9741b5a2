import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/build-test-app';
import { createUserRepository } from './repository';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const newUser = (n: string) => ({
  username: `priya${n}`,
  firstName: 'Priya',
  lastName: 'Sharma',
  email: `priya${n}@example.in`,
  password: 'secret123',
});

describe('auth', () => {
  it('signs up, logs in with a signed JWT and answers the profile without the hash', async () => {
    const user = newUser('a');
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: user });
    expect(signup.statusCode).toBe(201);
    expect(signup.json()).toEqual({ username: 'priyaa', firstName: 'Priya', lastName: 'Sharma', email: 'priyaa@example.in', role: 'shopper' });

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(200);
    const { access_token } = login.json<{ access_token: string }>();
    expect(access_token.split('.')).toHaveLength(3);

    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${access_token}` } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({ username: 'priyaa', firstName: 'Priya', lastName: 'Sharma', email: 'priyaa@example.in', role: 'shopper' });
    expect(profile.body).not.toContain('argon2');
  });

  it('stores the password as an argon2id hash', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: newUser('hash') });
    const stored = await createUserRepository(t.database.db).passwordHashOf('priyahash@example.in');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain('secret123');
  });

  it('rejects a duplicate email or username case-insensitively', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: newUser('dup') });
    const sameEmail = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...newUser('other'), email: 'PRIYADUP@example.in' } });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ detail: 'Email is already registered' });
    const sameName = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...newUser('x2'), username: 'PriyaDup' } });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ detail: 'Username is already taken' });
  });

  it('validates sign-up with the SPEC messages, naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: '', firstName: 'A', lastName: 'B', email: 'not-an-email', password: '123' },
    });
    expect(response.statusCode).toBe(400);
    const { detail } = response.json<{ detail: string }>();
    expect(detail).toContain('body.username: Username is required');
    expect(detail).toContain('body.email: Email is invalid');
    expect(detail).toContain('body.password: Password must be at least 6 characters');
  });

  it('answers 401 with a detail for a wrong password or unknown email', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: newUser('pw') });
    for (const payload of [
      { email: 'priyapw@example.in', password: 'wrong-password' },
      { email: 'nobody@example.in', password: 'secret123' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Incorrect email or password' });
    }
  });

  it('answers 401 for a missing, malformed, forged or expired token', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/auth/profile' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ detail: 'Not authenticated' });

    const malformed = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: 'Token abc' } });
    expect(malformed.statusCode).toBe(401);

    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-another-secret-12345'));
    const wrongKey = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${forged}` } });
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.json()).toEqual({ detail: 'Invalid token' });

    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode('test-secret-test-secret-test-secret-0123'));
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${expired}` } });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ detail: 'Token has expired' });
  });

  it('answers malformed JSON with a 400 detail, never a 5xx', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toBeTruthy();
  });
});
