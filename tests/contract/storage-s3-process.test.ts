// Two copies of the server (`node server/main.ts`) on one PostgreSQL 17, each with its own
// DATA_DIR and the same STORAGE_S3_* settings, as an operator runs them behind a balancer: an
// image uploaded through copy A with supabase-js is served by copy B (the same bytes, type and
// size), a 4 MiB one too, and deleted through B it is gone on A, from the rows and from S3
// (docs/decisions/0030-files-on-s3-compatible-storage.md).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/databases.ts';
import { startTestS3, type TestS3 } from '../support/s3.ts';
import { filesBelow, imageFile, sampleImages } from '../support/storage.ts';
import { signedInAdmin, startSite, type RunningSite } from '../support/site.ts';

const BUCKET = 'blog-images';

let a: RunningSite;
let b: RunningSite;
let s3: TestS3;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  const [database, started] = await Promise.all([createTestDatabase(), startTestS3()]);
  s3 = started;
  cleanups.push(database.drop, () => s3.close());
  const env = {
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SEED_DEMO: 'false',
    ...s3.env,
  };
  // One after the other: the first applies the migrations, the second finds them applied.
  a = await startSite(env);
  cleanups.push(() => a.stop());
  b = await startSite(env);
  cleanups.push(() => b.stop());
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const publicUrl = (site: RunningSite, name: string) =>
  `${site.url}/storage/v1/object/public/${BUCKET}/${name}`;

describe('two copies with their files in one S3 bucket', () => {
  it('serves through copy B the images uploaded through copy A, byte for byte', async () => {
    const images = (await signedInAdmin(a)).storage.from(BUCKET);
    const large = Buffer.concat([sampleImages['image/png'], Buffer.alloc(4 * 1024 * 1024, 1)]);
    const uploads = [
      { name: 'copies/hero.webp', type: 'image/webp', bytes: sampleImages['image/webp'] },
      { name: 'copies/large.png', type: 'image/png', bytes: large },
    ];
    for (const upload of uploads) {
      const { error } = await images.upload(
        upload.name,
        new Blob([upload.bytes], { type: upload.type }),
        { cacheControl: '31536000' },
      );
      expect(error).toBeNull();
    }

    for (const upload of uploads) {
      const served = await fetch(publicUrl(b, upload.name));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(upload.type);
      expect(served.headers.get('content-length')).toBe(String(upload.bytes.length));
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000');
      expect(Buffer.from(await served.arrayBuffer()).equals(upload.bytes)).toBe(true);
    }
    const info = await (await signedInAdmin(b)).storage.from(BUCKET).info('copies/hero.webp');
    expect(info.data).toMatchObject({
      size: sampleImages['image/webp'].length,
      contentType: 'image/webp',
    });

    // Neither copy kept a file of its own: the bytes are in the bucket only.
    for (const site of [a, b]) {
      expect(await filesBelow(path.join(site.dataDir, 'storage'))).toEqual([]);
      expect(await filesBelow(path.join(site.dataDir, 'storage-uploads'))).toEqual([]);
    }
    expect((await s3.keys(`${BUCKET}/copies/`)).length).toBe(2);
  });

  it('deletes through copy B what copy A then answers as not found, and S3 keeps none of it', async () => {
    const viaA = (await signedInAdmin(a)).storage.from(BUCKET);
    const { error } = await viaA.upload('copies/gone.png', imageFile('image/png', 'gone.png'));
    expect(error).toBeNull();
    expect((await fetch(publicUrl(a, 'copies/gone.png'))).status).toBe(200);

    const removed = await (await signedInAdmin(b)).storage.from(BUCKET).remove(['copies/gone.png']);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([expect.objectContaining({ name: 'copies/gone.png' })]);

    const onA = await fetch(publicUrl(a, 'copies/gone.png'));
    expect(onA.status).toBe(400);
    expect(await onA.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
    expect((await viaA.download('copies/gone.png')).error).toMatchObject({
      message: 'Object not found',
    });
    expect(await s3.keys(`${BUCKET}/copies/gone.png/`)).toEqual([]);
  });
});
