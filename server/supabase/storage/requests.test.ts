import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import { deletedNames, listOptions, routeOf } from './requests.ts';

const route = (method: string, path: string) =>
  routeOf(method, new URL(`http://localhost/storage/v1${path}`));

describe("Storage's object routes", () => {
  it.each([
    ['POST', '/object/blog-images/2026/hero.png', { kind: 'upload', upsert: false }],
    ['PUT', '/object/blog-images/2026/hero.png', { kind: 'upload', upsert: true }],
    ['GET', '/object/public/blog-images/2026/hero.png', { kind: 'download', access: 'public' }],
    ['HEAD', '/object/public/blog-images/2026/hero.png', { kind: 'download', access: 'public' }],
    [
      'GET',
      '/object/authenticated/blog-images/2026/hero.png',
      { kind: 'download', access: 'authenticated' },
    ],
    ['GET', '/object/blog-images/2026/hero.png', { kind: 'download', access: 'authenticated' }],
    ['GET', '/object/info/blog-images/2026/hero.png', { kind: 'info', access: 'authenticated' }],
    ['GET', '/object/info/public/blog-images/2026/hero.png', { kind: 'info', access: 'public' }],
    ['POST', '/object/sign/blog-images/2026/hero.png', { kind: 'sign' }],
    ['GET', '/object/sign/blog-images/2026/hero.png', { kind: 'signed-download' }],
    ['HEAD', '/object/sign/blog-images/2026/hero.png', { kind: 'signed-download' }],
    ['POST', '/object/upload/sign/blog-images/2026/hero.png', { kind: 'sign-upload' }],
    ['PUT', '/object/upload/sign/blog-images/2026/hero.png', { kind: 'signed-upload' }],
  ])('%s %s', (method, path, expected) => {
    expect(route(method, path)).toEqual({
      ...expected,
      bucket: 'blog-images',
      name: '2026/hero.png',
    });
  });

  it('takes list, remove and signing many by the bucket alone', () => {
    expect(route('POST', '/object/sign/blog-images')).toEqual({
      kind: 'sign-many',
      bucket: 'blog-images',
    });
    expect(route('POST', '/object/list/blog-images')).toEqual({
      kind: 'list',
      bucket: 'blog-images',
    });
    expect(route('DELETE', '/object/blog-images')).toEqual({
      kind: 'remove',
      bucket: 'blog-images',
    });
  });

  it('decodes each segment, so an encoded slash stays part of the name to be checked', () => {
    expect(route('POST', '/object/blog-images/..%2Fx.png')).toMatchObject({ name: '../x.png' });
    expect(route('GET', '/object/public/blog-images/my%20hero.png')).toMatchObject({
      name: 'my hero.png',
    });
  });

  it.each([
    ['POST', '/object/x.png'],
    ['GET', '/object/blog-images'],
    ['PATCH', '/object/blog-images/x.png'],
    ['GET', '/bucket'],
    ['GET', ''],
  ])('answers %s %j with a real 404, as Storage words it', (method, path) => {
    let error: unknown;
    try {
      route(method, path);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).httpStatus).toBe(404);
    expect((error as StorageError).body).toEqual({
      statusCode: '404',
      code: 'InvalidRequest',
      error: 'Not Found',
      message: `Route ${method}:${path} not found`,
    });
  });
});

describe('the options of a listing', () => {
  it("fills in storage-js's defaults and takes the prefix as a folder", () => {
    expect(listOptions({ prefix: '2026' })).toEqual({
      prefix: '2026/',
      search: '',
      limit: 100,
      offset: 0,
      sortColumn: 'name',
      ascending: true,
    });
    expect(listOptions({ prefix: '' }).prefix).toBe('');
  });

  it('caps the page at 1500 entries, as storage.search does', () => {
    expect(listOptions({ prefix: '', limit: 10_000 }).limit).toBe(1500);
  });

  it.each([
    [{}, "body must have required property 'prefix'"],
    [{ prefix: '', limit: 0 }, 'body/limit must be integer >= 1'],
    [{ prefix: '', offset: -1 }, 'body/offset must be integer >= 0'],
    [
      { prefix: '', sortBy: { column: 'size' } },
      'body/sortBy/column must be equal to one of the allowed values',
    ],
    [
      { prefix: '', sortBy: { column: 'name', order: 'up' } },
      'body/sortBy/order must be equal to one of the allowed values',
    ],
  ])('refuses %j', (body, message) => {
    expect(() => listOptions(body)).toThrow(message);
  });
});

describe('the names of a removal', () => {
  it('are the prefixes storage-js sends', () => {
    expect(deletedNames({ prefixes: ['a.png', 'b/c.png'] })).toEqual(['a.png', 'b/c.png']);
  });

  it.each([
    [{}, "body must have required property 'prefixes'"],
    [{ prefixes: [] }, 'body/prefixes must NOT have fewer than 1 items'],
    [{ prefixes: [1] }, 'body/prefixes must be array of strings'],
    [
      { prefixes: Array.from({ length: 1001 }, (_, i) => `${i}.png`) },
      'Bulk object requests are limited to 1000 objects per request.',
    ],
  ])('refuses %j', (body, message) => {
    expect(() => deletedNames(body)).toThrow(message);
  });
});
