// Backups in the S3 bucket, against a real S3 API server: put under ~backups/, pruned as
// DATA_DIR/backups is, and never mistaken for a stored file's key.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { withTestS3 } from '#tests/support/s3.ts';
import {
  BUCKET_PREFIX,
  downloadBackup,
  pruneBucketBackups,
  uploadBackup,
} from './backup-bucket.ts';
import { backupFileName } from './manifest.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('backups in the bucket', () => {
  const given = withTestS3('backup-tests');

  it('puts a backup under ~backups/ and prunes the old ones, keeping the newest', async () => {
    const now = new Date('2026-11-27T06:00:00Z');
    const names = [10, 8, 1].map((days) => backupFileName(new Date(now.getTime() - days * DAY)));
    for (const name of names) {
      const file = path.join(given.dir, name);
      await writeFile(file, `the backup ${name}`);
      expect(await uploadBackup(given.s3.client, file)).toBe(BUCKET_PREFIX + name);
    }
    // A stored file of a bucket whose name looks like a backup's folder stays.
    await given.s3.client.putObject('backups/covers/one.png/v1', Buffer.from('PNG'));

    expect(await pruneBucketBackups(given.s3.client, 7, now)).toEqual(
      names.slice(0, 2).map((name) => BUCKET_PREFIX + name),
    );
    const left: string[] = [];
    for await (const object of given.s3.client.listObjects('')) left.push(object.key);
    expect(left.sort()).toEqual(['backups/covers/one.png/v1', BUCKET_PREFIX + names[2]].sort());
    const kept = await given.s3.client.getObject(BUCKET_PREFIX + names[2]);
    expect((await buffer(kept!.body)).toString()).toBe(`the backup ${names[2]}`);
  });

  it('copies a backup back out of the bucket by its file name, and nothing else', async () => {
    const name = backupFileName(new Date('2026-11-20T01:02:03.004Z'));
    const file = path.join(given.dir, name);
    await writeFile(file, 'the bytes of one backup');
    await uploadBackup(given.s3.client, file);
    const into = path.join(given.dir, 'download');
    await mkdir(into);

    const copied = await downloadBackup(given.s3.client, name, into);
    expect(copied).toBe(path.join(into, name));
    expect(await readFile(copied!, 'utf8')).toBe('the bytes of one backup');
    expect(
      await downloadBackup(given.s3.client, backupFileName(new Date(0)), into),
    ).toBeUndefined();
    await given.s3.client.putObject(`${BUCKET_PREFIX}../escape`, Buffer.from('x'));
    expect(await downloadBackup(given.s3.client, '../escape', into)).toBeUndefined();
  });
});
