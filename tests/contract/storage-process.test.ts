// Storage when the server process is killed mid-upload (`node server/main.ts`, kill -9): after a
// restart on the same data there is no row without its file, and no unfinished upload left.
import { afterAll, describe, expect, it } from 'vitest';
import {
  backendKinds,
  createTempDir,
  createTestDatabase,
  type BackendKind,
} from '../support/databases.ts';
import { beginUpload, imageFile, sampleImages, uploadsLeft } from '../support/storage.ts';
import { signedInAdmin, startSite, type RunningSite } from '../support/site.ts';

const BUCKET = 'blog-images';

describe.each(backendKinds)('a server killed mid-upload on %s', (kind: BackendKind) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('comes back with every row beside its file and no unfinished upload', async () => {
    const { dir: dataDir, cleanup } = await createTempDir();
    cleanups.push(cleanup);
    const env: Record<string, string> = { SEED_DEMO: 'false' };
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
    const served = await fetch(again.storage.from(BUCKET).getPublicUrl('kept.png').data.publicUrl);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(sampleImages['image/png'])).toBe(true);
    const killed = await fetch(
      again.storage.from(BUCKET).getPublicUrl('killed.png').data.publicUrl,
    );
    expect(await killed.json()).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });
});
