import { beforeAll, describe, expect, it } from 'vitest';
import { verifyJwt } from '#server/supabase/jwt.ts';
import { hashPassword } from '../passwords.ts';
import { createEmailUser } from '../users.ts';
import { call, countRows, harnessPerFile } from './endpoint-harness.ts';
import { token } from './token.ts';

// Small limits, so running into them takes three requests; each test signs in from its own
// address, so their failures do not add up.
const h = harnessPerFile({
  signInFailuresPerIp: { max: 5, windowSeconds: 60 },
  signInFailuresPerAccount: { max: 2, windowSeconds: 60 },
  signInFailuresPerDevice: { max: 2, windowSeconds: 60 },
});
const PASSWORD = 'correct horse battery';
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

const signIn = (body: Record<string, unknown>, ip: string, cookie?: string) =>
  call(h.ctx, token, {
    path: '/token?grant_type=password',
    body,
    ip,
    headers: cookie ? { cookie } : {},
  });

describe('POST /token?grant_type=password', () => {
  it('opens a session and remembers the browser', async () => {
    const userId = await createEmailUser(h.db, 'anna@token.example', passwordHash);
    const answer = await signIn({ email: 'Anna@Token.example', password: PASSWORD }, '192.0.2.1');
    expect(answer.status).toBe(200);
    expect(answer.headers['Cache-Control']).toBe('no-store');
    expect(answer.headers['Set-Cookie']).toMatch(
      /; Path=\/auth\/v1; .*HttpOnly; SameSite=Strict; Secure$/,
    );
    expect(answer.json).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      user: { id: userId },
    });
    const claims = await verifyJwt(answer.json.access_token as string, h.ctx.jwtSecret);
    expect(claims).toMatchObject({ sub: userId, aal: 'aal1', role: 'authenticated' });
    const { rows } = await h.db.query<{ id: string }>(
      'select id from auth.sessions where user_id = $1',
      [userId],
    );
    expect(rows.map((row) => row.id)).toEqual([claims.session_id]);
    expect(
      await countRows(h.db, 'auth.users', 'id = $1 and last_sign_in_at is not null', [userId]),
    ).toBe(1);
  });

  it('gives the same answer for a wrong password and an unknown address', async () => {
    await createEmailUser(h.db, 'erik@token.example', passwordHash);
    const wrong = await signIn({ email: 'erik@token.example', password: 'a guess' }, '192.0.2.2');
    const unknown = await signIn(
      { email: 'nobody@token.example', password: PASSWORD },
      '192.0.2.2',
    );
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });

  it('refuses an unconfirmed address and a banned user, opening no session', async () => {
    const unconfirmed = await createEmailUser(h.db, 'unconfirmed@token.example', passwordHash);
    await h.db.query('update auth.users set email_confirmed_at = null where id = $1', [
      unconfirmed,
    ]);
    const banned = await createEmailUser(h.db, 'banned@token.example', passwordHash);
    await h.db.query(
      `update auth.users set banned_until = now() + interval '1 hour' where id = $1`,
      [banned],
    );
    const first = await signIn(
      { email: 'unconfirmed@token.example', password: PASSWORD },
      '192.0.2.3',
    );
    expect(first.json).toEqual({ code: 'email_not_confirmed', message: 'Email not confirmed' });
    const second = await signIn({ email: 'banned@token.example', password: PASSWORD }, '192.0.2.3');
    expect(second.json).toEqual({ code: 'user_banned', message: 'User is banned' });
    expect([first.status, second.status]).toEqual([400, 400]);
    expect(
      await countRows(h.db, 'auth.sessions', 'user_id = any($1::uuid[])', [[unconfirmed, banned]]),
    ).toBe(0);
  });

  it('asks for an address, and refuses a phone number as GoTrue does', async () => {
    const bare = await signIn({ password: PASSWORD }, '192.0.2.4');
    expect(bare.status).toBe(400);
    expect(bare.json).toEqual({
      code: 'validation_failed',
      message: 'A valid email address and password are required',
    });
    const phone = await signIn({ phone: '+46701234567', password: PASSWORD }, '192.0.2.4');
    expect(phone.json.code).toBe('invalid_credentials');
  });

  it('stops guesses at an account’s limit, even the right password', async () => {
    await createEmailUser(h.db, 'guessed@token.example', passwordHash);
    const guess = { email: 'guessed@token.example', password: 'a guess' };
    expect((await signIn(guess, '192.0.2.5')).status).toBe(400);
    expect((await signIn(guess, '192.0.2.6')).status).toBe(400);
    const refused = await signIn({ ...guess, password: PASSWORD }, '192.0.2.7');
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('over_request_rate_limit');
    expect(Number(refused.headers['Retry-After'])).toBeGreaterThan(0);
  });

  it('lets a browser that signed in before past strangers’ guesses at the account', async () => {
    await createEmailUser(h.db, 'owner@token.example', passwordHash);
    const right = { email: 'owner@token.example', password: PASSWORD };
    const first = await signIn(right, '192.0.2.8');
    const cookie = first.headers['Set-Cookie']!.split(';')[0]!;
    const guess = { ...right, password: 'a guess' };
    await signIn(guess, '198.51.100.1');
    await signIn(guess, '198.51.100.2');
    expect((await signIn(right, '198.51.100.3')).status).toBe(429);
    expect((await signIn(right, '192.0.2.8', cookie)).status).toBe(200);
  });

  it('stops an address after its own limit of failures', async () => {
    for (let n = 0; n < 5; n++) {
      await signIn({ email: `stranger${n}@token.example`, password: 'a guess' }, '192.0.2.9');
    }
    const refused = await signIn({ email: 'anna@token.example', password: PASSWORD }, '192.0.2.9');
    expect(refused.status).toBe(429);
  });
});

describe('POST /token with another grant', () => {
  it('finds no flow state for a PKCE code, and refuses unknown grants', async () => {
    const pkce = await call(h.ctx, token, { path: '/token?grant_type=pkce', body: {} });
    expect(pkce.status).toBe(404);
    expect(pkce.json).toEqual({
      code: 'flow_state_not_found',
      message: 'invalid flow state, no valid flow state found',
    });
    const other = await call(h.ctx, token, { path: '/token?grant_type=implicit', body: {} });
    expect(other.status).toBe(400);
    expect(other.json).toEqual({ code: 'validation_failed', message: 'unsupported_grant_type' });
  });
});
