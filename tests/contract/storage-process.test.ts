// Storage in the running site (`node server/main.ts`): an upload that is not the plain image it
// claims is refused, and what is served can never render as a page on the site's origin; and when
// the process is killed mid-upload (kill -9), after a restart on the same data there is no row
// without its file, and no unfinished upload left, with files under DATA_DIR and in S3.
import { afterAll, describe, expect, it } from 'vitest';
import {
  backendKinds,
  createTempDir,
  createTestDatabase,
  type BackendKind,
} from '../support/databases.ts';
import { startTestS3 } from '../support/s3.ts';
import {
  beginUpload,
  fileStores,
  imageFile,
  keptBytes,
  sampleImages,
  uploadsLeft,
  type FileStore,
} from '../support/storage.ts';
import { signedInAdmin, startSite, type RunningSite } from '../support/site.ts';

const BUCKET = 'blog-images';

describe('uploads to the running site', () => {
  let site: RunningSite | undefined;
  afterAll(async () => site?.stop());

  it('refuses HTML in an image type and a mislabelled PNG, and serves a real PNG inert', async () => {
    site = await startSite({ SEED_DEMO: 'false' });
    const admin = await signedInAdmin(site);
    const token = (await admin.auth.getSession()).data.session!.access_token;
    const upload = (name: string, contentType: string, body: Buffer) =>
      fetch(`${site!.url}/storage/v1/object/${BUCKET}/${name}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          apikey: site!.anonKey,
          'Content-Type': contentType,
        },
        body: new Uint8Array(body),
      });

    // Chromium reads the last type of this header and would render the file as HTML.
    const smuggled = await upload(
      'smuggled.png',
      'image/png;x=1,text/html',
      Buffer.from('<!doctype html><h1>Not an image</h1><script>alert(document.domain)</script>'),
    );
    expect(smuggled.status).toBeGreaterThanOrEqual(400);
    expect(smuggled.status).toBeLessThan(500);
    expect(await smuggled.json()).toMatchObject({
      statusCode: '415',
      error: 'invalid_mime_type',
      message: 'mime type image/png;x=1,text/html is not supported',
    });

    const mislabelled = await upload('mislabelled.jpg', 'image/jpeg', sampleImages['image/png']);
    expect(mislabelled.status).toBeGreaterThanOrEqual(400);
    expect(mislabelled.status).toBeLessThan(500);
    expect(await mislabelled.json()).toMatchObject({
      statusCode: '415',
      error: 'invalid_mime_type',
    });

    const { data: listed } = await admin.storage.from(BUCKET).list();
    expect(listed).toEqual([]);

    const real = await upload('real.png', 'image/png', sampleImages['image/png']);
    expect(real.status).toBe(200);
    const served = await fetch(admin.storage.from(BUCKET).getPublicUrl('real.png').data.publicUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/(^|;)\s*sandbox\s*(;|$)/);
    expect(Buffer.from(await served.arrayBuffer()).equals(sampleImages['image/png'])).toBe(true);
  });
});

const setups = backendKinds.flatMap((kind) => fileStores.map((store) => [kind, store] as const));

describe.each(setups)(
  'a server killed mid-upload on %s, files in %s',
  (kind: BackendKind, store: FileStore) => {
    const cleanups: Array<() => Promise<void>> = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('comes back with every row beside its file and no unfinished upload', async () => {
      const { dir: dataDir, cleanup } = await createTempDir();
      cleanups.push(cleanup);
      const env: Record<string, string> = { SEED_DEMO: 'false' };
      const s3 = store === 'S3' ? await startTestS3() : undefined;
      if (s3) {
        cleanups.push(() => s3.close());
        Object.assign(env, s3.env);
      }
      if (kind === 'postgres') {
        const database = await createTestDatabase();
        cleanups.push(database.drop);
        env.DATABASE_URL = database.url;
      }
      const first: RunningSite = await startSite(env, { dataDir });
      cleanups.push(() => first.stop());
      const admin = await signedInAdmin(first);
      const kept = await admin.storage.from(BUCKET).upload('kept.png', imageFile('image/png', 'k'));
      expect(kept.error).toBeNull();

      // An upload under way: its first 512 KiB of 2 MiB have reached the server's disk.
      const upload = beginUpload({
        url: `${first.url}/storage/v1/object/${BUCKET}/killed.png`,
        token: (await admin.auth.getSession()).data.session!.access_token,
        anonKey: first.anonKey,
        declaredBytes: 2 * 1024 * 1024,
        sentBytes: 512 * 1024,
      });
      await expect.poll(() => uploadsLeft(dataDir), { timeout: 10_000 }).toHaveLength(1);
      await first.kill('SIGKILL');
      upload.destroy();
      expect(await uploadsLeft(dataDir)).toHaveLength(1);

      const second = await startSite(env, { dataDir });
      cleanups.push(() => second.stop());
      expect(await uploadsLeft(dataDir)).toEqual([]);
      const again = await signedInAdmin(second);
      const { data: listed } = await again.storage.from(BUCKET).list();
      expect(listed!.map((entry) => entry.name)).toEqual(['kept.png']);
      const served = await fetch(
        again.storage.from(BUCKET).getPublicUrl('kept.png').data.publicUrl,
      );
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(sampleImages['image/png'])).toBe(true);
      const killed = await fetch(
        again.storage.from(BUCKET).getPublicUrl('killed.png').data.publicUrl,
      );
      expect(await killed.json()).toMatchObject({ statusCode: '404', message: 'Object not found' });
      // The store keeps the one object's bytes and nothing of the killed upload.
      const bytes = keptBytes(dataDir, s3);
      expect(await bytes.versions(BUCKET, 'kept.png')).toHaveLength(1);
      expect(await bytes.versions(BUCKET, 'killed.png')).toEqual([]);
    });
  },
);
