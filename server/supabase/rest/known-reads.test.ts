import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Caller } from './claims.ts';
import { KnownReads, knownReadKey, MAX_KEY_LENGTH, type KnownRead } from './known-reads.ts';
import type { ReadPlan } from './operations.ts';

function request(method: string, url: string, headers: Record<string, string> = {}) {
  return { method, url, headers: { ...headers } } as unknown as IncomingMessage;
}

const plan = {} as ReadPlan;
const anon: Caller = { role: 'anon', claims: { role: 'anon' } };
const read = (caller: Caller = anon): KnownRead => ({ caller, path: '/todos', plan });
const list = '/rest/v1/todos?select=id&limit=10';

describe('knownReadKey', () => {
  it('differs for each thing that shapes a read: method, target, token, key, media, profile, preferences, range', () => {
    const base = { authorization: 'Bearer a', apikey: 'k' };
    const keys = [
      knownReadKey(request('GET', list, base)),
      knownReadKey(request('HEAD', list, base)),
      knownReadKey(request('GET', `${list}&offset=10`, base)),
      knownReadKey(request('GET', list, { ...base, authorization: 'Bearer b' })),
      knownReadKey(request('GET', list, { ...base, apikey: 'other' })),
      knownReadKey(request('GET', list, { ...base, accept: 'application/vnd.pgrst.object+json' })),
      knownReadKey(request('GET', list, { ...base, 'accept-profile': 'private' })),
      knownReadKey(request('GET', list, { ...base, prefer: 'count=exact' })),
      knownReadKey(request('GET', list, { ...base, range: '0-4' })),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is the same whatever else the request carries: its address, cookies, client', () => {
    const base = { authorization: 'Bearer a', apikey: 'k' };
    expect(
      knownReadKey(
        request('GET', list, {
          ...base,
          'x-forwarded-for': '203.0.113.9',
          cookie: 'a=b',
          'x-client-info': 'supabase-js/2',
        }),
      ),
    ).toBe(knownReadKey(request('GET', list, base)));
  });

  it('is none for a write', () => {
    for (const method of ['POST', 'PATCH', 'DELETE', 'OPTIONS']) {
      expect(knownReadKey(request(method, list))).toBeUndefined();
    }
  });
});

describe('KnownReads', () => {
  it('finds a read again by its request, and only by the same one', () => {
    const reads = new KnownReads();
    const first = read();
    reads.remember(request('GET', list, { apikey: 'k' }), first);
    expect(reads.recall(request('GET', list, { apikey: 'k' }))).toBe(first);
    expect(reads.recall(request('GET', list, { apikey: 'k', prefer: 'count=exact' }))).toBe(
      undefined,
    );
    expect(reads.recall(request('POST', list, { apikey: 'k' }))).toBeUndefined();
  });

  it('forgets a read once its token has expired, so the request is refused the whole way', () => {
    const reads = new KnownReads();
    const exp = 1_800_000_000;
    const caller: Caller = { role: 'authenticated', claims: { role: 'authenticated', exp } };
    reads.remember(request('GET', list, { authorization: 'Bearer t' }), read(caller));
    const again = request('GET', list, { authorization: 'Bearer t' });
    expect(reads.recall(again, exp * 1000 - 1)).toBeDefined();
    expect(reads.recall(again, exp * 1000)).toBeUndefined();
    expect(reads.size).toBe(0);
    expect(reads.recall(again, exp * 1000 - 1)).toBeUndefined();
  });

  it('keeps at most its limit, the least recently used going first', () => {
    const reads = new KnownReads(2);
    const target = (n: number) => request('GET', `/rest/v1/todos?id=eq.${n}`);
    reads.remember(target(1), read());
    reads.remember(target(2), read());
    reads.recall(target(1));
    reads.remember(target(3), read());
    expect(reads.size).toBe(2);
    expect(reads.recall(target(2))).toBeUndefined();
    expect(reads.recall(target(1))).toBeDefined();
    expect(reads.recall(target(3))).toBeDefined();
  });

  it('does not keep a read whose key is longer than the bound', () => {
    const reads = new KnownReads();
    const long = request('GET', `/rest/v1/todos?select=${'a'.repeat(MAX_KEY_LENGTH)}`);
    reads.remember(long, read());
    expect(reads.size).toBe(0);
    expect(reads.recall(long)).toBeUndefined();
  });
});
