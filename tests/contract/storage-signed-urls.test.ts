// Storage's signed URLs on /storage/v1 through the real supabase-js storage client, on PGlite and
// on PostgreSQL, with files under DATA_DIR and in an S3 bucket: createSignedUrl(s) only for objects the caller's select policy shows, the URL
// working for anyone (no key, no session) until it expires and for that object alone, and the
// signed upload pair (createSignedUploadUrl where the caller could insert, uploadToSignedUrl by
// anyone holding the token), refused in Storage's words.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '#server/supabase/jwt.ts';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';
import { startTestS3, type TestS3 } from '../support/s3.ts';
import { fileStores, imageFile, sampleImages } from '../support/storage.ts';

const PRIVATE = 'signed-files';
const PUBLIC = 'blog-images';
const PNG = sampleImages['image/png'];

const setups = backendKinds.flatMap((kind) => fileStores.map((store) => [kind, store] as const));

describe.each(setups)('signed URLs on %s, files in %s', (kind, store) => {
  let backend: TestBackend;
  let s3: TestS3 | undefined;
  let admin: SupabaseClient;
  let anon: SupabaseClient;
  let adminId: string;

  beforeAll(async () => {
    s3 = store === 'S3' ? await startTestS3() : undefined;
    backend = await startTestBackend(kind, s3?.env);
    // A private bucket whose files only their owner sees and adds, as an app would make one.
    await backend.db.exec(`
      insert into storage.buckets (id, name, public) values ('${PRIVATE}', '${PRIVATE}', false);
      create policy "Owners read their signed files." on storage.objects for select
        to authenticated using (bucket_id = '${PRIVATE}' and owner_id = (select auth.uid())::text);
      create policy "Owners add signed files." on storage.objects for insert
        to authenticated with check (bucket_id = '${PRIVATE}');
    `);
    admin = await backend.signedIn();
    anon = backend.client();
    adminId = (await admin.auth.getUser()).data.user!.id;
    for (const [bucket, name] of [
      [PRIVATE, 'reports/a.png'],
      [PRIVATE, 'reports/b.png'],
      [PUBLIC, 'signed/hero.png'],
    ] as const) {
      const { error } = await admin.storage
        .from(bucket)
        .upload(name, imageFile('image/png', 'a.png'));
      if (error) throw error;
    }
  });
  afterAll(async () => {
    await backend?.close();
    await s3?.close();
  });

  /** The answer to a GET of a signed URL, as a browser with no key or session sends it. */
  const fetchSigned = async (url: string) => {
    const response = await fetch(url);
    const bytes = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      bytes,
      json: response.headers.get('content-type')?.startsWith('application/json')
        ? (JSON.parse(bytes.toString()) as Record<string, unknown>)
        : undefined,
      disposition: response.headers.get('content-disposition'),
    };
  };
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
  const withToken = (url: string, token: string) => {
    const changed = new URL(url);
    changed.searchParams.set('token', token);
    return changed.href;
  };

  it('signs a private object for its owner; the URL serves it to anyone', async () => {
    const { data, error } = await admin.storage.from(PRIVATE).createSignedUrl('reports/a.png', 60);
    expect(error).toBeNull();
    expect(data!.signedUrl).toMatch(
      new RegExp(`^${backend.url}/storage/v1/object/sign/${PRIVATE}/reports/a\\.png\\?token=`),
    );
    const claims = JSON.parse(
      Buffer.from(tokenOf(data!.signedUrl).split('.')[1]!, 'base64url').toString(),
    ) as { url: string; exp: number; iat: number };
    expect(claims).toMatchObject({ url: `${PRIVATE}/reports/a.png`, scope: 'download' });
    expect(claims.exp - claims.iat).toBe(60);
    const served = await fetchSigned(data!.signedUrl);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(PNG)).toBe(true);
    const named = await admin.storage
      .from(PRIVATE)
      .createSignedUrl('reports/a.png', 60, { download: 'report.png' });
    expect((await fetchSigned(named.data!.signedUrl)).disposition).toContain('report.png');
  });

  it('signs nothing the caller’s select policy hides, nor what does not exist', async () => {
    const hidden = await anon.storage.from(PRIVATE).createSignedUrl('reports/a.png', 60);
    expect(hidden.data).toBeNull();
    expect(hidden.error).toMatchObject({ message: 'Object not found', statusCode: '404' });
    const missing = await admin.storage.from(PRIVATE).createSignedUrl('reports/none.png', 60);
    expect(missing.error).toMatchObject({ message: 'Object not found' });
    const zero = await admin.storage.from(PRIVATE).createSignedUrl('reports/a.png', 0);
    expect(zero.error).toMatchObject({ message: 'body/expiresIn must be >= 1' });
  });

  it('signs many at once, with an error for each path it cannot sign', async () => {
    const { data, error } = await admin.storage
      .from(PRIVATE)
      .createSignedUrls(['reports/a.png', 'reports/none.png', 'reports/b.png'], 60);
    expect(error).toBeNull();
    expect(data!.map((entry) => [entry.path, entry.error])).toEqual([
      ['reports/a.png', null],
      ['reports/none.png', 'Either the object does not exist or you do not have access to it'],
      ['reports/b.png', null],
    ]);
    expect((await fetchSigned(data![2]!.signedUrl!)).bytes.equals(PNG)).toBe(true);
    const asAnon = await anon.storage.from(PRIVATE).createSignedUrls(['reports/a.png'], 60);
    expect(asAnon.data![0]!.signedUrl).toBeNull();
  });

  it('signs a public bucket’s object too', async () => {
    const { data } = await admin.storage.from(PUBLIC).createSignedUrl('signed/hero.png', 60);
    expect((await fetchSigned(data!.signedUrl)).status).toBe(200);
  });

  it('refuses an expired, a tampered and another object’s token', async () => {
    const secret = backend.server.backend!.jwtSecret;
    const signed = (await admin.storage.from(PRIVATE).createSignedUrl('reports/a.png', 60)).data!;
    const past = Math.floor(Date.now() / 1000) - 120;
    const expired = await signJwt(
      { url: `${PRIVATE}/reports/a.png`, scope: 'download', iat: past - 60, exp: past },
      secret,
    );
    expect((await fetchSigned(withToken(signed.signedUrl, expired))).json).toMatchObject({
      statusCode: '400',
      error: 'InvalidJWT',
      message: 'jwt expired',
    });
    const token = tokenOf(signed.signedUrl);
    const tampered = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect((await fetchSigned(withToken(signed.signedUrl, tampered))).json).toMatchObject({
      error: 'InvalidJWT',
      message: 'invalid signature',
    });
    const other = signed.signedUrl.replace('reports/a.png', 'reports/b.png');
    expect(await fetchSigned(other)).toMatchObject({
      status: 400,
      json: { error: 'InvalidSignature', message: 'The url do not match the signature' },
    });
    // The anon key and a session are signed with the same secret, but name no object.
    const session = (await admin.auth.getSession()).data.session!.access_token;
    for (const key of [backend.anonKey, session]) {
      expect((await fetchSigned(withToken(signed.signedUrl, key))).json).toMatchObject({
        error: 'InvalidSignature',
      });
    }
    expect((await fetchSigned(signed.signedUrl.split('?')[0]!)).status).toBe(400);
  });

  it('lets anyone holding a signed upload URL add that one object, as its signer', async () => {
    const signer = admin.storage.from(PRIVATE);
    const { data, error } = await signer.createSignedUploadUrl('inbox/sent.png');
    expect(error).toBeNull();
    expect(data!.path).toBe('inbox/sent.png');
    const keyless = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false },
    });
    const sent = await keyless.storage
      .from(PRIVATE)
      .uploadToSignedUrl('inbox/sent.png', data!.token, imageFile('image/png', 'x.png'));
    expect(sent.error).toBeNull();
    const { rows } = await backend.db.query<{ owner_id: string }>(
      'select owner_id from storage.objects where bucket_id = $1 and name = $2',
      [PRIVATE, 'inbox/sent.png'],
    );
    expect(rows).toEqual([{ owner_id: adminId }]);
    const downloaded = await signer.download('inbox/sent.png');
    expect(Buffer.from(await downloaded.data!.arrayBuffer()).equals(PNG)).toBe(true);
    // The same URL again, onto what is now taken, even asking to replace it.
    const again = await keyless.storage
      .from(PRIVATE)
      .uploadToSignedUrl('inbox/sent.png', data!.token, imageFile('image/png', 'x.png'), {
        upsert: true,
      });
    expect(again.error).toMatchObject({ statusCode: '409' });
  });

  it('signs no upload where the caller could not insert, nor onto a taken name', async () => {
    const refused = await anon.storage.from(PRIVATE).createSignedUploadUrl('inbox/anon.png');
    expect(refused.error).toMatchObject({ statusCode: '403' });
    const taken = await admin.storage.from(PRIVATE).createSignedUploadUrl('reports/a.png');
    expect(taken.error).toMatchObject({ statusCode: '409' });
    const replacing = await admin.storage
      .from(PRIVATE)
      .createSignedUploadUrl('reports/a.png', { upsert: true });
    // Replacing is an update, which no policy of this bucket allows.
    expect(replacing.error).not.toBeNull();
  });

  it('keeps a download token and an upload token each to its own use and object', async () => {
    const upload = (await admin.storage.from(PRIVATE).createSignedUploadUrl('inbox/two.png')).data!;
    const asDownload = `${backend.url}/storage/v1/object/sign/${PRIVATE}/inbox/two.png?token=${upload.token}`;
    expect((await fetchSigned(asDownload)).json).toMatchObject({
      message: 'Token is not scoped for download',
    });
    const download = (await admin.storage.from(PRIVATE).createSignedUrl('reports/a.png', 60)).data!;
    const wrongUse = await anon.storage
      .from(PRIVATE)
      .uploadToSignedUrl('reports/a.png', tokenOf(download.signedUrl), imageFile('image/png', 'x'));
    expect(wrongUse.error?.message).toBe('Token is not scoped for upload');
    const elsewhere = await anon.storage
      .from(PRIVATE)
      .uploadToSignedUrl('inbox/three.png', upload.token, imageFile('image/png', 'x.png'));
    expect(elsewhere.error?.message).toBe('The url do not match the signature');
    // The bucket's rules still hold for a signed upload: blog images are images.
    const image = (await admin.storage.from(PUBLIC).createSignedUploadUrl('signed/note.txt')).data!;
    const text = await anon.storage
      .from(PUBLIC)
      .uploadToSignedUrl(
        'signed/note.txt',
        image.token,
        new Blob(['hello'], { type: 'text/plain' }),
      );
    expect(text.error).toMatchObject({ statusCode: '415' });
  });
});
