// The auth API's errors as they go over the wire, and the data API reached with the signed-in
// client, against the real supabase-js on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  kindsAndTransports,
  startTestBackend,
  type TestBackend,
} from '#tests/support/backend.ts';
import { authFetch } from './setup.ts';

describe.each(kindsAndTransports)('auth API on %s over %s', (kind, transport) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind, {}, { transport });
  });
  afterAll(async () => backend?.close());

  describe('errors on the wire', () => {
    it('uses the modern format with the API version header, the legacy one without', async () => {
      const body = JSON.stringify({ email: 'nobody@example.com', password: 'whatever1' });
      const modern = await authFetch(backend, '/token?grant_type=password', {
        method: 'POST',
        body,
      });
      expect(modern.status).toBe(400);
      expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(modern.headers.get('x-sb-error-code')).toBe('invalid_credentials');
      expect(await modern.json()).toEqual({
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });

      const legacy = await authFetch(backend, '/token?grant_type=password', {
        method: 'POST',
        body,
        modern: false,
      });
      expect(legacy.status).toBe(400);
      expect(await legacy.json()).toEqual({
        code: 400,
        error_code: 'invalid_credentials',
        msg: 'Invalid login credentials',
      });
    });

    it('answers malformed JSON with 400 bad_json', async () => {
      const response = await authFetch(backend, '/token?grant_type=password', {
        method: 'POST',
        body: '{"email":',
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ code: 'bad_json' });
    });

    it('answers a body over 1 MiB with 413 JSON', async () => {
      const body = JSON.stringify({ email: ADMIN_EMAIL, password: 'x'.repeat(1024 * 1024 + 10) });
      const response = await authFetch(backend, '/token?grant_type=password', {
        method: 'POST',
        body,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: 'validation_failed' });
    });

    it('answers absurdly long addresses with a 4xx, not a server error', async () => {
      const email = `${'x'.repeat(10_000)}@example.com`;
      const signIn = await backend.client().auth.signInWithPassword({ email, password: 'a guess' });
      expect(signIn.error?.code).toBe('invalid_credentials');
      const recover = await backend.client().auth.resetPasswordForEmail(email);
      expect(recover.error?.status).toBe(400);
      expect(recover.error?.code).toBe('validation_failed');
    });

    it('answers unknown routes with 404 JSON and unsupported grants with 400', async () => {
      const missing = await authFetch(backend, '/no-such-endpoint');
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ code: 'not_found' });
      const grant = await authFetch(backend, '/token?grant_type=magic', {
        method: 'POST',
        body: '{}',
      });
      expect(grant.status).toBe(400);
      expect(await grant.json()).toMatchObject({ code: 'validation_failed' });
    });
  });

  describe('the data API with the signed-in client', () => {
    it('reads as the administrator with the access token', async () => {
      const client = await backend.signedIn();
      const { data, error, status } = await client.from('consultations').select('*');
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(Array.isArray(data)).toBe(true);
    });

    it('does not show consultations to an anonymous visitor', async () => {
      const { data, error, status } = await backend.client().from('consultations').select('*');
      if (error) expect(status).toBe(401);
      else expect(data).toEqual([]);
    });
  });
});
