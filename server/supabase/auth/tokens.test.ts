import { describe, expect, it } from 'vitest';
import {
  accessTokenClaims,
  errorFragment,
  randomToken,
  sessionFragment,
  sessionResponse,
  tokenDigest,
} from './tokens.ts';
import type { AuthUser } from './users.ts';

const user: AuthUser = {
  id: '5b7c3a8e-1f0e-4a57-9a3c-2f1d0c9e8b7a',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'admin@example.com',
  email_confirmed_at: '2026-11-21T08:00:00.000000Z',
  phone: '',
  app_metadata: { provider: 'email', providers: ['email'] },
  user_metadata: { sub: '5b7c3a8e-1f0e-4a57-9a3c-2f1d0c9e8b7a', email: 'admin@example.com' },
  identities: [],
  created_at: '2026-11-21T08:00:00.000000Z',
  updated_at: '2026-11-21T08:00:00.000000Z',
  is_anonymous: false,
};

describe('accessTokenClaims', () => {
  it('carries exactly the claims GoTrue issues, expiring one hour after issue', () => {
    const claims = accessTokenClaims({
      issuer: 'http://localhost:3000/auth/v1',
      user,
      sessionId: 'd9b2f4c1-7e7e-4a3b-8f59-0c6d1e2a3b4c',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: 1_900_000_000 }],
      issuedAt: 1_900_000_000,
    });
    expect(claims).toEqual({
      iss: 'http://localhost:3000/auth/v1',
      sub: user.id,
      aud: 'authenticated',
      exp: 1_900_003_600,
      iat: 1_900_000_000,
      email: 'admin@example.com',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: user.user_metadata,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: 1_900_000_000 }],
      session_id: 'd9b2f4c1-7e7e-4a3b-8f59-0c6d1e2a3b4c',
      is_anonymous: false,
    });
  });
});

describe('sessionResponse', () => {
  it('has the fields auth-js needs to treat it as a session', () => {
    const session = sessionResponse({
      accessToken: 'a.b.c',
      refreshToken: 'r',
      issuedAt: 100,
      user,
    });
    expect(session).toEqual({
      access_token: 'a.b.c',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: 3700,
      refresh_token: 'r',
      user,
    });
  });
});

describe('link fragments', () => {
  it('puts the session in a sorted, form-encoded fragment', () => {
    const session = sessionResponse({
      accessToken: 'a.b.c',
      refreshToken: 'r1',
      issuedAt: 100,
      user,
    });
    expect(sessionFragment(session, 'recovery')).toBe(
      'access_token=a.b.c&expires_at=3700&expires_in=3600&refresh_token=r1&sb=&token_type=bearer&type=recovery',
    );
  });

  it('maps a 403 to access_denied with a form-encoded description', () => {
    expect(errorFragment(403, 'otp_expired', 'Email link is invalid or has expired')).toBe(
      'error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
  });
});

describe('random tokens', () => {
  it('are base64url with at least 12 bytes of randomness and differ each time', () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(randomToken()).not.toBe(a);
  });

  it('are stored as a SHA-256 digest', () => {
    expect(tokenDigest('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
