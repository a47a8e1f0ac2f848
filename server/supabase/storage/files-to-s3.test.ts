import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { withTestS3 } from '#tests/support/s3.ts';
import { ObjectFiles } from './files.ts';
import { copyFilesToS3, versionOfFile } from './files-to-s3.ts';

describe('copying the local files to S3', () => {
  const given = withTestS3('copy-tests');

  it('reads the bucket, name and version of a kept file, and nothing of another', () => {
    expect(versionOfFile(path.join('blog-images', '2026', 'hero (1).png#v1'))).toEqual({
      bucket: 'blog-images',
      name: '2026/hero (1).png',
      version: 'v1',
    });
    expect(versionOfFile(path.join('blog-images', 'notes.txt'))).toBeUndefined();
    expect(versionOfFile(path.join('blog-images', 'x.png#../../etc'))).toBeUndefined();
  });

  it('puts every version at the key the S3 store reads, once, and leaves other files alone', async () => {
    const files = new ObjectFiles(given.dir);
    const kept = [
      { bucket: 'blog-images', name: '2026/hero.png', version: 'v1', bytes: 'first' },
      { bucket: 'blog-images', name: '2026/hero.png', version: 'v2', bytes: 'second' },
      { bucket: 'drafts', name: 'a b/c.webp', version: 'v9', bytes: 'draft' },
    ];
    for (const file of kept) {
      const upload = await files.uploadPath();
      await writeFile(upload, file.bytes);
      await files.place(upload, file.bucket, file.name, file.version);
    }
    await writeFile(path.join(given.dir, 'storage', 'blog-images', 'stray.txt'), 'not ours');

    const first = await copyFilesToS3(given.dir, given.s3.client);
    expect(first).toEqual({
      copied: 3,
      alreadyThere: 0,
      skipped: [path.join('blog-images', 'stray.txt')],
    });
    expect(await given.s3.keys()).toEqual([
      'blog-images/2026/hero.png/v1',
      'blog-images/2026/hero.png/v2',
      'drafts/a b/c.webp/v9',
    ]);
    for (const file of kept) {
      const got = await given.s3.client.getObject(`${file.bucket}/${file.name}/${file.version}`);
      expect((await buffer(got!.body)).toString()).toBe(file.bytes);
    }

    const again = await copyFilesToS3(given.dir, given.s3.client);
    expect(again).toMatchObject({ copied: 0, alreadyThere: 3 });
  });
});
