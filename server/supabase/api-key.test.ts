import { describe, expect, it } from 'vitest';
import { createApiKeyCheck, INVALID_API_KEY, isOpenRoute, NO_API_KEY } from './api-key.ts';

const check = createApiKeyCheck({ anonKey: 'anon-key', serviceRoleKey: 'service-key' });
const at = (path: string) => new URL(path, 'http://localhost');

describe('the gateway’s API key check', () => {
  it('passes either key, in the apikey header or the query', () => {
    expect(check('GET', at('/rest/v1/posts'), { apikey: 'anon-key' })).toBeUndefined();
    expect(check('POST', at('/auth/v1/token'), { apikey: 'service-key' })).toBeUndefined();
    expect(check('GET', at('/rest/v1/posts?apikey=anon-key'), {})).toBeUndefined();
    expect(check('GET', at('/rest/v1/posts?apikey=service-key'), {})).toBeUndefined();
  });

  it('answers a missing key and any other key with the gateway’s bodies', () => {
    expect(check('GET', at('/rest/v1/posts'), {})).toBe(NO_API_KEY);
    expect(check('GET', at('/rest/v1/posts'), { authorization: 'Bearer anon-key' })).toBe(
      NO_API_KEY,
    );
    expect(check('GET', at('/storage/v1/object/list/b'), { apikey: 'anon-key2' })).toBe(
      INVALID_API_KEY,
    );
    expect(check('GET', at('/rest/v1/posts'), { apikey: 'service-ke' })).toBe(INVALID_API_KEY);
    expect(check('GET', at('/rest/v1/posts'), { apikey: 'service-key ' })).toBe(INVALID_API_KEY);
    // The header wins over the query, as Kong's key-auth reads it.
    expect(check('GET', at('/rest/v1/posts?apikey=anon-key'), { apikey: 'wrong' })).toBe(
      INVALID_API_KEY,
    );
  });

  it('leaves open the mailed links and the storage URLs that carry their own authority', () => {
    expect(isOpenRoute('GET', '/auth/v1/verify')).toBe(true);
    expect(isOpenRoute('GET', '/auth/v1/callback')).toBe(true);
    expect(isOpenRoute('GET', '/auth/v1/authorize')).toBe(true);
    expect(isOpenRoute('GET', '/auth/v1/.well-known/jwks.json')).toBe(true);
    expect(isOpenRoute('GET', '/storage/v1/object/public/b/a.png')).toBe(true);
    expect(isOpenRoute('HEAD', '/storage/v1/object/sign/b/a.png')).toBe(true);
    expect(isOpenRoute('PUT', '/storage/v1/object/upload/sign/b/a.png')).toBe(true);
  });

  it('keeps everything else closed, the signing requests included', () => {
    expect(isOpenRoute('POST', '/auth/v1/verify-not')).toBe(false);
    expect(isOpenRoute('GET', '/auth/v1/health')).toBe(false);
    expect(isOpenRoute('POST', '/storage/v1/object/public/b/a.png')).toBe(false);
    expect(isOpenRoute('POST', '/storage/v1/object/sign/b/a.png')).toBe(false);
    expect(isOpenRoute('POST', '/storage/v1/object/upload/sign/b/a.png')).toBe(false);
    expect(isOpenRoute('GET', '/rest/v1/posts')).toBe(false);
  });
});
