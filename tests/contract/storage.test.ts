// Storage (/storage/v1) driven by the real supabase-js, on PGlite and on PostgreSQL, with files
// under DATA_DIR and in an S3 bucket (a real S3 API server): the blog's image bucket as the blog manager uses it (upload, public URL, replace, list, remove), what it
// refuses and in Storage's words (supabase/storage src/internal/errors/codes.ts: every client error
// is HTTP 400 with the meant status in the body's statusCode), and that the disk and the rows
// always agree: nothing refused, failed or abandoned leaves a row, a file or an upload behind.
// Long because upload, replace, list, remove and the refusals share one backend per database and
// store and the same bucket; split apart, each part would start its own backends.
import { createHash } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '#server/supabase/jwt.ts';
import {
  backendKinds,
  startTestBackend,
  type TestBackend,
  type Transport,
} from '../support/backend.ts';
import { startTestS3, type TestS3 } from '../support/s3.ts';
import {
  beginUpload,
  fileStores,
  imageFile,
  keptBytes,
  sampleImages,
  uploadsLeft as uploadsIn,
  type FileStore,
  type ImageType,
  type KeptBytes,
} from '../support/storage.ts';

const BUCKET = 'blog-images';
const FIVE_MIB = 5 * 1024 * 1024;

/** A real PNG's bytes, then zeros up to `size`. */
const pngOf = (size: number) =>
  Buffer.concat([sampleImages['image/png'], Buffer.alloc(size)]).subarray(0, size);

const md5 = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

// Over HTTP with each store; through the site's in-process fetch with files under DATA_DIR, where a
// difference the transport made in a status, a header or the bytes would show.
const setups = backendKinds.flatMap((kind) => [
  ...fileStores.map((store) => [kind, store, 'http'] as const),
  [kind, 'local files', 'in-process'] as const,
]) satisfies ReadonlyArray<readonly [string, FileStore, Transport]>;

describe.each(setups)('Storage on %s, files in %s, over %s', (kind, store, transport) => {
  let backend: TestBackend;
  let s3: TestS3 | undefined;
  let kept: KeptBytes;
  let admin: SupabaseClient;
  let anon: SupabaseClient;
  let adminId: string;

  const images = (client: SupabaseClient = admin) => client.storage.from(BUCKET);
  /** The versions of one object whose bytes the store keeps. */
  const versionFiles = (name: string) => kept.versions(BUCKET, name);
  const uploadsLeft = () => uploadsIn(backend.dataDir);
  const rowOf = async (name: string) =>
    (
      await backend.db.query<{
        owner: string;
        owner_id: string;
        metadata: string;
        version: string;
      }>(
        'select owner, owner_id, metadata::text as metadata, version from storage.objects where bucket_id = $1 and name = $2',
        [BUCKET, name],
      )
    ).rows[0];
  const publicUrl = (name: string) => images().getPublicUrl(name).data.publicUrl;

  /** Nothing of a refused upload stayed: no row, no file, no unfinished upload. */
  async function expectNothingKept(name: string) {
    expect(await rowOf(name)).toBeUndefined();
    expect(await versionFiles(name)).toEqual([]);
    expect(await uploadsLeft()).toEqual([]);
  }

  beforeAll(async () => {
    s3 = store === 'S3' ? await startTestS3() : undefined;
    backend = await startTestBackend(kind, s3?.env, { transport });
    kept = keptBytes(backend.dataDir, s3);
    admin = await backend.signedIn();
    anon = backend.client();
    adminId = (await admin.auth.getUser()).data.user!.id;
  });
  afterAll(async () => {
    await backend?.close();
    await s3?.close();
  });

  it('has the public blog-images bucket: 5 MiB of JPEG, PNG, WebP or AVIF', async () => {
    const { rows } = await backend.db.query<Record<string, string>>(
      `select public::text, file_size_limit::text, array_to_string(allowed_mime_types, ',') as types
         from storage.buckets where id = $1`,
      [BUCKET],
    );
    expect(rows).toEqual([
      {
        public: 'true',
        file_size_limit: '5242880',
        types: 'image/jpeg,image/png,image/webp,image/avif',
      },
    ]);
  });

  it.each(Object.keys(sampleImages) as ImageType[])(
    'serves the %s the administrator uploaded to anyone at its public URL, cacheable for a year',
    async (type) => {
      const name = `2026/hero.${type.split('/')[1]}`;
      const { data, error } = await images().upload(name, imageFile(type, 'hero'), {
        cacheControl: '31536000',
      });
      expect(error).toBeNull();
      expect(data).toEqual({ path: name, id: expect.any(String), fullPath: `${BUCKET}/${name}` });

      const response = await backend.fetch(publicUrl(name));
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(sampleImages[type])).toBe(true);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('content-length')).toBe(String(sampleImages[type].length));
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000');
      expect(response.headers.get('etag')).toBe(md5(sampleImages[type]));
      expect(Date.parse(response.headers.get('last-modified')!)).not.toBeNaN();
      // A served file never runs script, whatever it claims to be.
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");

      const revalidated = await backend.fetch(publicUrl(name), {
        headers: { 'If-None-Match': response.headers.get('etag')! },
      });
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe('');
      expect(revalidated.headers.get('etag')).toBe(response.headers.get('etag'));

      const head = await backend.fetch(publicUrl(name), { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(sampleImages[type].length));

      // The row Storage keeps: owned by the signed-in user, with Storage's metadata.
      const row = await rowOf(name);
      expect(row).toMatchObject({ owner: adminId, owner_id: adminId });
      expect(JSON.parse(row!.metadata)).toEqual({
        eTag: md5(sampleImages[type]),
        size: sampleImages[type].length,
        mimetype: type,
        cacheControl: 'max-age=31536000',
        lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        contentLength: sampleImages[type].length,
        httpStatusCode: 200,
      });
      expect(await versionFiles(name)).toEqual([row!.version]);
    },
  );

  it('refuses an upload from anyone who is not signed in, in Storage words, and keeps nothing', async () => {
    const { data, error } = await images(anon).upload(
      'anon.png',
      imageFile('image/png', 'anon.png'),
    );
    expect(data).toBeNull();
    expect(error).toMatchObject({
      name: 'StorageApiError',
      message: 'new row violates row-level security policy',
      statusCode: '403',
      status: 400,
    });
    await expectNothingKept('anon.png');
  });

  it("refuses a delete from anyone who is not signed in: nothing is deleted, the file's still served", async () => {
    await images().upload('kept.webp', imageFile('image/webp', 'kept.webp'));
    const { data, error } = await images(anon).remove(['kept.webp']);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const response = await backend.fetch(publicUrl('kept.webp'));
    expect(response.status).toBe(200);
    expect(await versionFiles('kept.webp')).toHaveLength(1);
  });

  it.each([
    ['a file (multipart form)', () => new Blob([pngOf(FIVE_MIB + 1)], { type: 'image/png' })],
    ['raw bytes', () => new Uint8Array(pngOf(FIVE_MIB + 1))],
  ])('refuses %s over 5 MiB with 413 and keeps nothing', async (_, body) => {
    const { error } = await images().upload('huge.png', body(), { contentType: 'image/png' });
    expect(error).toMatchObject({
      message: 'The object exceeded the maximum allowed size',
      statusCode: '413',
    });
    await expectNothingKept('huge.png');
  });

  it.each([
    ['image/gif', () => new Blob([Buffer.from('GIF89a')], { type: 'image/gif' })],
    // storage-js's default content type for a raw body.
    ['text/plain;charset=UTF-8', () => 'not an image'],
  ])('refuses a %s upload with the mime type message and keeps nothing', async (type, body) => {
    const { error } = await images().upload('wrong-type.png', body());
    expect(error).toMatchObject({
      message: `mime type ${type} is not supported`,
      statusCode: '415',
    });
    await expectNothingKept('wrong-type.png');
  });

  it.each([
    // Chromium reads the last type of this header, so the file would be served as HTML.
    ['a second type smuggled in a parameter', 'image/png;x=1,text/html'],
    ['two types', 'image/png, text/html'],
    ['SVG, which can hold script', 'image/svg+xml'],
  ])('refuses %s as a mime type Storage does not support, and keeps nothing', async (_, type) => {
    const html = Buffer.from('<!doctype html><p>Hello</p><script>alert(document.domain)</script>');
    const { error } = await images().upload('smuggled.png', new Uint8Array(html), {
      contentType: type,
    });
    expect(error).toMatchObject({
      message: `mime type ${type} is not supported`,
      statusCode: '415',
    });
    await expectNothingKept('smuggled.png');
  });

  it.each([
    ['HTML declared as a PNG', 'image/png', Buffer.from('<!doctype html><p>Hello</p>')],
    ['a PNG declared as a JPEG', 'image/jpeg', sampleImages['image/png']],
    ['a JPEG declared as a WebP', 'image/webp', sampleImages['image/jpeg']],
  ])('refuses %s by its bytes, as a file or raw, and keeps nothing', async (_, type, bytes) => {
    for (const body of [new Blob([bytes], { type }), new Uint8Array(bytes)]) {
      const { error } = await images().upload('mislabelled.png', body, { contentType: type });
      expect(error).toMatchObject({
        message: `mime type ${type} does not match the file's content`,
        statusCode: '415',
      });
      await expectNothingKept('mislabelled.png');
    }
  });

  it('keeps and serves the canonical type, not the header as sent', async () => {
    const { error } = await images().upload(
      'canonical.png',
      new Uint8Array(sampleImages['image/png']),
      { contentType: 'Image/PNG; charset=binary' },
    );
    expect(error).toBeNull();
    expect(JSON.parse((await rowOf('canonical.png'))!.metadata)).toMatchObject({
      mimetype: 'image/png',
    });
    const response = await backend.fetch(publicUrl('canonical.png'));
    expect(response.headers.get('content-type')).toBe('image/png');
  });

  it('serves a file kept with a malformed type as inert bytes, on the public and the authenticated route', async () => {
    // As an upload before types were checked left it.
    expect((await images().upload('old.png', imageFile('image/png', 'old.png'))).error).toBeNull();
    await backend.db.query(
      `update storage.objects
          set metadata = jsonb_set(metadata, '{mimetype}', '"image/png;x=1,text/html"')
        where bucket_id = $1 and name = $2`,
      [BUCKET, 'old.png'],
    );
    const token = (await admin.auth.getSession()).data.session!.access_token;
    for (const [url, headers] of [
      [publicUrl('old.png'), {}],
      [
        `${backend.url}/storage/v1/object/authenticated/${BUCKET}/old.png`,
        { Authorization: `Bearer ${token}`, apikey: backend.anonKey },
      ],
    ] as const) {
      const response = await backend.fetch(url, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/octet-stream');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    }
  });

  it('refuses a second upload to a name with 409, and replaces the file with upsert', async () => {
    const first = await images().upload('replace.png', imageFile('image/png', 'a.png'));
    expect(first.error).toBeNull();
    const again = await images().upload('replace.png', imageFile('image/webp', 'b.webp'));
    expect(again.error).toMatchObject({
      message: 'The resource already exists',
      statusCode: '409',
    });
    expect(await versionFiles('replace.png')).toHaveLength(1);

    const replaced = await images().upload('replace.png', imageFile('image/webp', 'b.webp'), {
      upsert: true,
    });
    expect(replaced.error).toBeNull();
    expect(replaced.data!.id).toBe(first.data!.id);
    const response = await backend.fetch(publicUrl('replace.png'));
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await response.arrayBuffer()).equals(sampleImages['image/webp'])).toBe(true);
    // The old version's file went with the replacement.
    expect(await versionFiles('replace.png')).toHaveLength(1);

    const updated = await images().update('replace.png', imageFile('image/jpeg', 'c.jpg'));
    expect(updated.error).toBeNull();
    expect((await backend.fetch(publicUrl('replace.png'))).headers.get('content-type')).toBe(
      'image/jpeg',
    );
    expect(await versionFiles('replace.png')).toHaveLength(1);
  });

  it('deletes for the administrator: the public URL answers not found and the file is gone', async () => {
    await images().upload('gone/soon.png', imageFile('image/png', 'soon.png'));
    const { data, error } = await images().remove(['gone/soon.png', 'never-was.png']);
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({ name: 'gone/soon.png', bucket_id: BUCKET, owner_id: adminId }),
    ]);
    const response = await backend.fetch(publicUrl('gone/soon.png'));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
    expect(await versionFiles('gone/soon.png')).toEqual([]);
    expect(await kept.anythingUnder(BUCKET, 'gone')).toBe(false);
  });

  it('lists one folder level at a time, with search, order and paging', async () => {
    for (const name of ['list/b.webp', 'list/a.png', 'list/sub/c.png', 'list/sub/d.png']) {
      const type = name.endsWith('.webp') ? 'image/webp' : 'image/png';
      expect((await images().upload(name, imageFile(type, name))).error).toBeNull();
    }
    const { data, error } = await images().list('list');
    expect(error).toBeNull();
    expect(data!.map((entry) => entry.name)).toEqual(['a.png', 'b.webp', 'sub']);
    expect(data![2]).toEqual({
      name: 'sub',
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    });
    expect(data![0]).toMatchObject({
      id: expect.any(String),
      created_at: expect.stringMatching(/Z$/),
      metadata: { mimetype: 'image/png', size: sampleImages['image/png'].length },
    });

    const named = async (options: Parameters<ReturnType<typeof images>['list']>[1]) =>
      (await images().list('list', options)).data!.map((entry) => entry.name);
    expect(await named({ search: 'B' })).toEqual(['b.webp']);
    expect(await named({ sortBy: { column: 'name', order: 'desc' } })).toEqual([
      'sub',
      'b.webp',
      'a.png',
    ]);
    // By another column, folders first: then the files, newest first.
    expect(await named({ sortBy: { column: 'created_at', order: 'desc' } })).toEqual([
      'sub',
      'a.png',
      'b.webp',
    ]);
    expect(await named({ limit: 1, offset: 1 })).toEqual(['b.webp']);
    expect((await images().list('list/sub')).data!.map((entry) => entry.name)).toEqual([
      'c.png',
      'd.png',
    ]);
    expect((await images().list()).data!.map((entry) => entry.name)).toContain('list');
  });

  it('downloads through the authenticated route, and tells info and existence', async () => {
    await images().upload('download/me.avif', imageFile('image/avif', 'me.avif'), {
      metadata: { alt: 'A small picture' },
    });
    const { data, error } = await images().download('download/me.avif');
    expect(error).toBeNull();
    expect(Buffer.from(await data!.arrayBuffer()).equals(sampleImages['image/avif'])).toBe(true);
    // Anyone reads a public bucket's files by name, but cannot list what it holds (Supabase's
    // linter: public_bucket_allows_listing).
    expect((await images(anon).download('download/me.avif')).error).toBeNull();
    expect((await images(anon).list('download')).data).toEqual([]);
    expect((await backend.fetch(publicUrl('download/me.avif'))).status).toBe(200);
    const token = (await admin.auth.getSession()).data.session!.access_token;
    const direct = await backend.fetch(
      `${backend.url}/storage/v1/object/authenticated/${BUCKET}/download/me.avif`,
      {
        headers: { Authorization: `Bearer ${token}`, apikey: backend.anonKey },
      },
    );
    expect(direct.status).toBe(200);
    expect(direct.headers.get('cache-control')).toBe('private, max-age=3600');

    const info = await images().info('download/me.avif');
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: 'download/me.avif',
      bucketId: BUCKET,
      size: sampleImages['image/avif'].length,
      contentType: 'image/avif',
      cacheControl: 'max-age=3600',
      etag: md5(sampleImages['image/avif']),
      metadata: { alt: 'A small picture' },
    });
    expect((await images().exists('download/me.avif')).data).toBe(true);
    expect((await images().exists('download/not-there.avif')).data).toBe(false);
  });

  it('refuses a key that would leave the bucket, and writes nothing outside it', async () => {
    const before = await kept.everything();
    // fetch resolves `..` in the URL before sending, so the request names no object at all.
    const { error } = await images().upload('../escape.png', imageFile('image/png', 'x.png'));
    expect(error).toMatchObject({ statusCode: '404' });
    // Sent encoded, the key reaches the server whole and is refused as Storage words it.
    const encoded = await images().upload('..%2Fescape.png', imageFile('image/png', 'x.png'));
    expect(encoded.error).toMatchObject({
      message: 'Invalid key: ../escape.png',
      statusCode: '400',
      code: 'InvalidKey',
    });
    const control = await images().upload('bad\u0007name.png', imageFile('image/png', 'x.png'));
    expect(control.error).toMatchObject({ code: 'InvalidKey' });
    expect((await kept.everything()).filter((file) => !before.includes(file))).toEqual([]);
  });

  it('keeps and serves a name of the longest length, and refuses one character more', async () => {
    // 858 characters: with the bucket, two slashes and a version, within S3's 1,024-byte key.
    const longest = `${'d/'.repeat(426)}xx.png`;
    expect((await images().upload(longest, imageFile('image/png', 'x.png'))).error).toBeNull();
    const served = await backend.fetch(publicUrl(longest));
    expect(Buffer.from(await served.arrayBuffer()).equals(sampleImages['image/png'])).toBe(true);
    expect(await versionFiles(longest)).toHaveLength(1);
    expect((await images().remove([longest])).data).toHaveLength(1);
    expect(await versionFiles(longest)).toEqual([]);
    const tooLong = await images().upload(`${longest}x`, imageFile('image/png', 'x.png'));
    expect(tooLong.error).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
  });

  it('refuses an expired or forged token as access denied', async () => {
    const secret = backend.server.backend!.jwtSecret;
    const exp = Math.floor(Date.now() / 1000) - 60;
    const expired = await signJwt({ role: 'authenticated', sub: adminId, exp }, secret);
    const forged = await signJwt({ role: 'authenticated', sub: adminId }, 'x'.repeat(40));
    for (const [token, message] of [
      [expired, 'JWT expired'],
      [forged, 'JWT cryptographic operation failed'],
    ] as const) {
      const client = createClient(backend.url, backend.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { headers: { Authorization: `Bearer ${token}` }, fetch: backend.fetch },
      });
      const { error } = await client.storage
        .from(BUCKET)
        .upload('token.png', imageFile('image/png', 'token.png'));
      expect(error).toMatchObject({ message, statusCode: '403', code: 'AccessDenied' });
    }
    await expectNothingKept('token.png');
  });

  it("serves a private bucket's files only as its policies allow, which can use auth.uid()", async () => {
    await backend.db.exec(`
      insert into storage.buckets (id, name) values ('drafts', 'drafts');
      create policy "Users keep drafts in their own folder." on storage.objects
        for insert to authenticated
        with check (bucket_id = 'drafts' and (storage.foldername(name))[1] = auth.uid()::text);
      create policy "Users read their own drafts." on storage.objects
        for select to authenticated
        using (bucket_id = 'drafts' and owner_id = auth.uid()::text);
    `);
    const drafts = (client: SupabaseClient) => client.storage.from('drafts');
    const own = `${adminId}/draft.png`;
    expect((await drafts(admin).upload(own, imageFile('image/png', 'd.png'))).error).toBeNull();
    const elsewhere = await drafts(admin).upload(
      'someone-else/draft.png',
      imageFile('image/png', 'd.png'),
    );
    expect(elsewhere.error).toMatchObject({ statusCode: '403' });

    const mine = await drafts(admin).download(own);
    expect(Buffer.from(await mine.data!.arrayBuffer()).equals(sampleImages['image/png'])).toBe(
      true,
    );
    expect((await drafts(anon).download(own)).error).toMatchObject({ message: 'Object not found' });
    const open = await backend.fetch(drafts(admin).getPublicUrl(own).data.publicUrl);
    expect(await open.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('leaves no row, file or upload behind when the client gives up mid-upload', async () => {
    const upload = beginUpload({
      url: `${backend.url}/storage/v1/object/${BUCKET}/abandoned.png`,
      token: (await admin.auth.getSession()).data.session!.access_token,
      anonKey: backend.anonKey,
      declaredBytes: 2 * 1024 * 1024,
      sentBytes: 256 * 1024,
    });
    // Wait until the server is writing the upload, then hang up.
    await expect.poll(uploadsLeft, { timeout: 10_000 }).toHaveLength(1);
    upload.destroy();
    await expect.poll(uploadsLeft, { timeout: 10_000 }).toEqual([]);
    expect(await rowOf('abandoned.png')).toBeUndefined();
    expect(await versionFiles('abandoned.png')).toEqual([]);
  });

  it("answers a browser's preflight for an upload", async () => {
    const response = await backend.fetch(`${backend.url}/storage/v1/object/${BUCKET}/x.png`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://example.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, apikey, x-upsert, x-client-info',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toContain('x-upsert');
    expect(response.headers.get('access-control-expose-headers')).toContain('ETag');
  });

  it('keeps every row with its bytes, and no unfinished upload', async () => {
    const { rows } = await backend.db.query<{ bucket_id: string; name: string; version: string }>(
      'select bucket_id, name, version from storage.objects',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(await kept.versions(row.bucket_id, row.name), row.name).toEqual([row.version]);
    }
    expect(await uploadsLeft()).toEqual([]);
  });
});
