// The gateway's API key check in front of /rest/v1, /auth/v1 and /storage/v1, as hosted
// Supabase makes it: the real supabase-js passes with the anon or service key; a request without
// a key, or with anything else as its key, gets the gateway's 401; the routes hosted leaves open
// (mailed links, public and signed storage URLs, CORS preflights) pass without one. On PGlite and
// on PostgreSQL.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '#server/supabase/jwt.ts';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';

const NO_KEY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
};
const WRONG_KEY = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
};
const PROTECTED = [
  '/rest/v1/blog_posts?select=id',
  '/auth/v1/settings',
  '/auth/v1/health',
  '/storage/v1/object/info/authenticated/blog-images/a.png',
];

describe.each(backendKinds)('the API key on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
  });
  afterAll(async () => backend?.close());

  const answer = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(backend.url + path, init);
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };

  it('lets the real supabase-js through with the anon key and the service key', async () => {
    const anon = await backend.client().from('blog_posts').select('id');
    expect(anon.error).toBeNull();
    const service = await backend.client(backend.serviceRoleKey).from('blog_posts').select('id');
    expect(service.error).toBeNull();
    expect(
      (await backend.client().auth.signInWithPassword({ email: 'x@y.z', password: 'nope-nope' }))
        .error?.status,
    ).toBe(400);
  });

  it.each(PROTECTED)('answers %s without a key with the gateway’s 401', async (path) => {
    expect(await answer(path)).toEqual({ status: 401, body: NO_KEY });
    // A bearer token is not an API key.
    const bearer = { headers: { Authorization: `Bearer ${backend.anonKey}` } };
    expect(await answer(path, bearer)).toEqual({ status: 401, body: NO_KEY });
  });

  it('refuses any other key, a token signed with the project’s secret included', async () => {
    const forged = await signJwt(
      { role: 'anon', iss: 'supabase' },
      backend.server.backend!.jwtSecret,
    );
    const session = (await (await backend.signedIn()).auth.getSession()).data.session!;
    for (const key of ['forged', forged, session.access_token]) {
      for (const path of PROTECTED) {
        expect(await answer(path, { headers: { apikey: key } })).toEqual({
          status: 401,
          body: WRONG_KEY,
        });
      }
    }
    const wrong = createClient(backend.url, forged, { auth: { persistSession: false } });
    const { error, status } = await wrong.from('blog_posts').select('id');
    expect(status).toBe(401);
    expect(error?.message).toBe('Invalid API key');
  });

  it('takes the key from the apikey query parameter, as the gateway does', async () => {
    const path = `/rest/v1/blog_posts?select=id&apikey=${backend.anonKey}`;
    expect((await answer(path)).status).toBe(200);
    expect(await answer('/rest/v1/blog_posts?select=id&apikey=')).toEqual({
      status: 401,
      body: NO_KEY,
    });
  });

  it('refuses a keyless write before it reaches the database', async () => {
    const before = await backend.db.query('select count(*)::int as n from public.consultations');
    const posted = await answer('/rest/v1/consultations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'No Key', email: 'no-key@example.com' }),
    });
    expect(posted).toEqual({ status: 401, body: NO_KEY });
    const after = await backend.db.query('select count(*)::int as n from public.consultations');
    expect(after.rows).toEqual(before.rows);
  });

  it('leaves open what hosted leaves open: mailed links, public and signed files, preflights', async () => {
    // GoTrue's own answer to a bad link, not the gateway's.
    const verify = await fetch(`${backend.url}/auth/v1/verify?token=nope&type=recovery`, {
      redirect: 'manual',
    });
    expect(verify.status).not.toBe(401);
    const publicFile = await answer('/storage/v1/object/public/blog-images/missing.png');
    expect(publicFile.status).toBe(400);
    expect(publicFile.body).toMatchObject({ error: 'not_found' });
    const signed = await answer('/storage/v1/object/sign/blog-images/missing.png?token=nope');
    expect(signed.status).toBe(400);
    expect(signed.body).not.toEqual(NO_KEY);
    const preflight = await fetch(`${backend.url}/rest/v1/blog_posts`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    // Listing a public bucket or uploading to it is not open.
    expect(
      await answer('/storage/v1/object/list/blog-images', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ prefix: '' }),
      }),
    ).toEqual({ status: 401, body: NO_KEY });
  });
});
