import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import {
  isValidBucketName,
  isValidObjectName,
  mustBeValidBucketName,
  mustBeValidObjectName,
} from './names.ts';

describe('object names', () => {
  it.each([
    'hero.png',
    '2026/11/hero image (1).webp',
    "a/b/c/d's,file;v=2+final@x.avif",
    'x'.repeat(200),
    `${'d/'.repeat(400)}x.png`,
    `${'d/'.repeat(426)}xx.png`,
  ])('accepts %s', (name) => {
    expect(isValidObjectName(name)).toBe(true);
  });

  it.each([
    ['an empty name', ''],
    ['a parent segment', '../x.png'],
    ['a parent segment inside', 'a/../../x.png'],
    ['a current-directory segment', 'a/./x.png'],
    ['a leading slash', '/etc/passwd'],
    ['a trailing slash', 'folder/'],
    ['an empty segment', 'a//b.png'],
    ['a backslash', '..\\x.png'],
    ['a NUL byte', 'x\u0000.png'],
    ['a newline', 'x\n.png'],
    ['a control character', 'x\u001b.png'],
    ['a non-ASCII letter', 'café.png'],
    ['a percent sign', 'x%2e.png'],
    ['a hash, which the file on disk uses for its version', 'x#1.png'],
    ['a segment longer than 200 characters', 'x'.repeat(201)],
    [
      'more than 858 characters (an S3 key of 1,024 with its bucket and version)',
      `${'d/'.repeat(427)}xx.png`,
    ],
  ])('refuses %s', (_, name) => {
    expect(isValidObjectName(name)).toBe(false);
  });

  it('throws Storage\'s "Invalid key" error naming the key', () => {
    let error: unknown;
    try {
      mustBeValidObjectName('../x.png');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).body).toEqual({
      statusCode: '400',
      code: 'InvalidKey',
      error: 'InvalidKey',
      message: 'Invalid key: ../x.png',
    });
  });
});

describe('bucket names', () => {
  it.each(['blog-images', 'avatars', 'a.b_c'])('accepts %s', (name) => {
    expect(isValidBucketName(name)).toBe(true);
  });

  it.each(['', '.', '..', 'a/b', 'x'.repeat(101), 'bücket'])('refuses %j', (name) => {
    expect(isValidBucketName(name)).toBe(false);
  });

  it('throws "Bucket name invalid"', () => {
    expect(() => mustBeValidBucketName('..')).toThrow('Bucket name invalid');
  });
});
