// Storage with its files in S3 when S3 fails, through the real supabase-js, on PGlite and on
// PostgreSQL: S3 refusing the server's keys, and S3 gone. Each answer is Storage's error envelope
// (500 for what the operator must mend, 503 for what may pass), the server keeps running, no row
// names bytes that were not kept, no upload is left spooled, and the secret never reaches the log.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';
import { startTestS3, type TestS3 } from '../support/s3.ts';
import { imageFile, sampleImages, uploadsLeft } from '../support/storage.ts';

const BUCKET = 'blog-images';
const WRONG_SECRET = 'not-the-secret-of-this-s3-server';

describe.each(backendKinds)('Storage on %s when S3 fails', (kind) => {
  let s3: TestS3;
  let refused: TestBackend;
  let gone: TestBackend;
  let goneAdmin: SupabaseClient;

  const rowsOf = async (backend: TestBackend) =>
    (
      await backend.db.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 order by name',
        [BUCKET],
      )
    ).rows.map((row) => row.name);

  beforeAll(async () => {
    s3 = await startTestS3();
    [refused, gone] = await Promise.all([
      startTestBackend(kind, { ...s3.env, STORAGE_S3_SECRET_ACCESS_KEY: WRONG_SECRET }),
      startTestBackend(kind, s3.env),
    ]);
    goneAdmin = await gone.signedIn();
    const { error } = await goneAdmin.storage
      .from(BUCKET)
      .upload('kept.png', imageFile('image/png', 'kept.png'));
    if (error) throw error;
  });
  afterAll(async () => {
    await Promise.all([refused?.close(), gone?.close()]);
    await s3?.close().catch(() => undefined);
  });

  it('refuses an upload in Storage words when S3 refuses the keys, and keeps nothing', async () => {
    const admin = await refused.signedIn();
    const { data, error } = await admin.storage
      .from(BUCKET)
      .upload('refused.png', imageFile('image/png', 'refused.png'));
    expect(data).toBeNull();
    expect(error).toMatchObject({
      name: 'StorageApiError',
      statusCode: '500',
      status: 500,
      message: 'The file store refused the request',
    });
    expect(await rowsOf(refused)).toEqual([]);
    expect(await uploadsLeft(refused.dataDir)).toEqual([]);
    const logged = refused.log.join('\n');
    expect(logged).toContain('SignatureDoesNotMatch');
    expect(logged).not.toContain(WRONG_SECRET);
  });

  it('answers 503 while S3 is gone: a download, an upload (kept nowhere), and still deletes the row', async () => {
    await s3.close();
    const images = goneAdmin.storage.from(BUCKET);
    const publicUrl = images.getPublicUrl('kept.png').data.publicUrl;

    const served = await fetch(publicUrl);
    expect(served.status).toBe(500);
    expect(await served.json()).toEqual({
      statusCode: '503',
      code: 'S3Error',
      error: 'Service Unavailable',
      message: 'The file store did not answer; try again',
    });
    // What needs no bytes still answers.
    expect((await images.info('kept.png')).data).toMatchObject({
      size: sampleImages['image/png'].length,
    });

    const upload = await images.upload('while-gone.png', imageFile('image/png', 'x.png'));
    expect(upload.error).toMatchObject({ statusCode: '503' });
    expect(await rowsOf(gone)).toEqual(['kept.png']);
    expect(await uploadsLeft(gone.dataDir)).toEqual([]);

    // The row goes (nobody is served the file any more); the bytes left in S3 are only logged.
    const removed = await images.remove(['kept.png']);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([expect.objectContaining({ name: 'kept.png' })]);
    expect(await rowsOf(gone)).toEqual([]);
    expect(gone.log.join('\n')).toMatch(/Could not remove the file of blog-images\/kept\.png/);
  });
});
