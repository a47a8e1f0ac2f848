import { describe, expect, it } from 'vitest';
import { backupFileName, backupTakenAt, BadManifestError, parseManifest } from './manifest.ts';

const valid = {
  format: 'leadgen-backup',
  formatVersion: 1,
  createdAt: '2026-11-27T06:00:00.000Z',
  serverVersion: '17.6',
  migrations: ['20261121080000'],
  tables: [
    {
      name: 'public.blog_posts',
      columns: ['id', 'title'],
      rows: 2,
      entry: 'data/public.blog_posts.jsonl',
      bytes: 40,
      sha256: 'a'.repeat(64),
    },
  ],
  sequences: [{ name: 'public.page_views_id_seq', lastValue: '41', isCalled: true }],
  files: 'included',
  objects: [],
  missingObjects: [],
  secrets: [],
};

describe('the backup manifest', () => {
  it('reads a manifest the backup writes', () => {
    expect(parseManifest(JSON.stringify(valid))).toEqual(valid);
  });

  it.each([
    ['not JSON', '{', /is not JSON/],
    ['another format', JSON.stringify({ format: 'pg_dump' }), /is not a leadgen-backup/],
    [
      'a later format',
      JSON.stringify({ ...valid, formatVersion: 2 }),
      /format 2, and this server reads format 1/,
    ],
    [
      'a row count that is no count',
      JSON.stringify({ ...valid, tables: [{ ...valid.tables[0], rows: -1 }] }),
      /tables\.0\.rows/,
    ],
    ['no migrations', JSON.stringify({ ...valid, migrations: [] }), /migrations/],
  ])('says what is wrong with %s', (_, text, message) => {
    expect(() => parseManifest(text)).toThrow(BadManifestError);
    expect(() => parseManifest(text)).toThrow(message);
  });

  it('names a backup by the moment it was taken, and reads the moment back', () => {
    const at = new Date('2026-11-27T06:05:09.042Z');
    expect(backupFileName(at)).toBe('backup-20261127T060509042Z.tar.gz');
    expect(backupTakenAt(backupFileName(at))).toEqual(at);
    expect(backupTakenAt('backup-20261127T060509042Z.tar.gz.partial')).toBeUndefined();
    expect(backupTakenAt('notes.txt')).toBeUndefined();
  });
});
