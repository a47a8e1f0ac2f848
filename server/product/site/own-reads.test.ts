import { describe, expect, it } from 'vitest';
import { ownReads, type Fetch } from './own-reads.ts';

const ANON = 'anon-key';
const origin = 'http://127.0.0.1:3000';
const posts = `${origin}/rest/v1/blog_posts?select=*&is_published=eq.true`;
const anonHeaders = { apikey: ANON, authorization: `Bearer ${ANON}`, accept: 'application/json' };

/** A data API that answers each request with a new body, and counts what reached it. */
function countingApi(status = 200) {
  const seen: Request[] = [];
  let answer = 0;
  const fetch: Fetch = async (input, init) => {
    const request = new Request(input, init);
    seen.push(request);
    answer += 1;
    return new Response(JSON.stringify([{ answer }]), {
      status,
      headers: { 'content-type': 'application/json', 'content-range': '0-0/*' },
    });
  };
  return { fetch, seen };
}

const bodyOf = async (response: Response) => (await response.json()) as unknown;

describe('ownReads', () => {
  it('answers a visitor’s read of a shared page’s table again until the content changes', async () => {
    const api = countingApi();
    const reads = ownReads({ anonKey: ANON });
    const fetch = reads.wrap(api.fetch);

    const first = await fetch(posts, { headers: anonHeaders });
    const again = await fetch(posts, { headers: anonHeaders });
    expect(await bodyOf(first)).toEqual([{ answer: 1 }]);
    expect(await bodyOf(again)).toEqual([{ answer: 1 }]);
    expect(again.status).toBe(200);
    expect(again.headers.get('content-range')).toBe('0-0/*');
    expect(api.seen).toHaveLength(1);

    reads.clear();
    expect(await bodyOf(await fetch(posts, { headers: anonHeaders }))).toEqual([{ answer: 2 }]);
    expect(api.seen).toHaveLength(2);
  });

  it('passes through writes, other tables, members’ and the service’s reads, and errors', async () => {
    const api = countingApi();
    const fetch = ownReads({ anonKey: ANON }).wrap(api.fetch);
    const twice = async (url: string, init: RequestInit) => {
      await fetch(url, init);
      await fetch(url, init);
    };
    await twice(posts, { method: 'POST', headers: anonHeaders, body: '{}' });
    await twice(`${origin}/rest/v1/consultations?select=id`, { headers: anonHeaders });
    await twice(`${origin}/rest/v1/rpc/available_slots`, { headers: anonHeaders });
    await twice(posts, { headers: { ...anonHeaders, authorization: 'Bearer a-members-token' } });
    await twice(posts, { headers: { apikey: 'service-key', authorization: 'Bearer service-key' } });
    expect(api.seen).toHaveLength(10);

    const failing = countingApi(503);
    const failingFetch = ownReads({ anonKey: ANON }).wrap(failing.fetch);
    await failingFetch(posts, { headers: anonHeaders });
    await failingFetch(posts, { headers: anonHeaders });
    expect(failing.seen).toHaveLength(2);
  });

  it('keeps a read asked as a Request too, and passes a body that is not UTF-8 as it came', async () => {
    const api = countingApi();
    const fetch = ownReads({ anonKey: ANON }).wrap(api.fetch);
    await fetch(new Request(posts, { headers: anonHeaders }));
    expect(await bodyOf(await fetch(posts, { headers: anonHeaders }))).toEqual([{ answer: 1 }]);
    expect(api.seen).toHaveLength(1);

    const binary = new Uint8Array([0xff, 0xfe, 0x00, 0x80]);
    const reads = ownReads({ anonKey: ANON });
    let asked = 0;
    const binaryFetch = reads.wrap(async () => {
      asked += 1;
      return new Response(binary, { status: 200 });
    });
    for (let i = 0; i < 2; i += 1) {
      const answer = await binaryFetch(posts, { headers: anonHeaders });
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(binary);
    }
    expect(asked).toBe(2);
    expect(reads.size).toBe(0);
  });

  it('shares an answer only between reads that ask alike', async () => {
    const api = countingApi();
    const fetch = ownReads({ anonKey: ANON }).wrap(api.fetch);
    await fetch(posts, { headers: anonHeaders });
    await fetch(posts, {
      headers: { ...anonHeaders, accept: 'application/vnd.pgrst.object+json' },
    });
    await fetch(posts, { headers: { ...anonHeaders, prefer: 'count=exact' } });
    await fetch(posts, { headers: { ...anonHeaders, 'x-preview': 'a' } });
    await fetch(`${posts}&limit=1`, { headers: anonHeaders });
    expect(api.seen).toHaveLength(5);
    // Only the client's name and the site's lane key differ: the same question.
    await fetch(posts, {
      headers: { ...anonHeaders, 'x-client-info': 'other', 'x-site-request-key': 'k' },
    });
    expect(api.seen).toHaveLength(5);
  });

  it('keeps no read that began before a change, and none older than a cached page', async () => {
    let clock = 0;
    const reads = ownReads({ anonKey: ANON, now: () => clock });
    let release = () => {};
    let answer = 0;
    const slow: Fetch = async () => {
      answer += 1;
      const body = JSON.stringify([{ answer }]);
      await new Promise<void>((resolve) => (release = resolve));
      return new Response(body, { status: 200 });
    };
    const fetch = reads.wrap(slow);
    const racing = fetch(posts, { headers: anonHeaders });
    await Promise.resolve();
    reads.clear();
    release();
    expect(await bodyOf(await racing)).toEqual([{ answer: 1 }]);
    expect(reads.size).toBe(0);

    const kept = fetch(posts, { headers: anonHeaders });
    await Promise.resolve();
    release();
    await kept;
    expect(reads.size).toBe(1);
    clock += 60_000;
    const later = fetch(posts, { headers: anonHeaders });
    await Promise.resolve();
    release();
    expect(await bodyOf(await later)).toEqual([{ answer: 3 }]);
  });

  it('stays within its memory however many distinct reads it is asked', async () => {
    const big = 'x'.repeat(200 * 1024);
    const reads = ownReads({ anonKey: ANON });
    const bounded = reads.wrap(
      async () => new Response(JSON.stringify([{ big }]), { status: 200 }),
    );
    for (let i = 0; i < 100; i += 1) {
      await bounded(`${posts}&slug=eq.made-up-${i}`, { headers: anonHeaders });
    }
    // 8 MiB in all: forty answers of 200 kB, the most recent ones.
    expect(reads.size).toBe(40);
    const tooLarge = ownReads({ anonKey: ANON });
    const huge = 'y'.repeat(300 * 1024);
    const hugeFetch = tooLarge.wrap(async () => new Response(huge, { status: 200 }));
    expect(await (await hugeFetch(posts, { headers: anonHeaders })).text()).toBe(huge);
    expect(tooLarge.size).toBe(0);
  });
});

describe('ownReads.keep: the values made of the hottest reads', () => {
  /** A read that counts its calls and gives a new post each time. */
  function countingRead() {
    let calls = 0;
    const read = async () => {
      calls += 1;
      return { id: calls, title: `Post ${calls}`, tags: ['a'] };
    };
    return { read, calls: () => calls };
  }

  it('gives the kept value again until the content changes, frozen through', async () => {
    const reads = ownReads({ anonKey: ANON });
    const post = countingRead();
    const first = await reads.keep('post en welcome', post.read);
    const again = await reads.keep('post en welcome', post.read);
    expect(again).toBe(first);
    expect(post.calls()).toBe(1);
    expect(Object.isFrozen(again) && Object.isFrozen(again.tags)).toBe(true);
    expect(() => {
      (again as { title: string }).title = 'changed by one request';
    }).toThrow(TypeError);

    expect(await reads.keep('post sv welcome', post.read)).toMatchObject({ id: 2 });
    reads.clear();
    expect(reads.size).toBe(0);
    expect(await reads.keep('post en welcome', post.read)).toMatchObject({ id: 3 });
  });

  it('keeps no failure, nothing its caller declines, and nothing read across a change', async () => {
    const reads = ownReads({ anonKey: ANON });
    const failing = async (): Promise<string> => {
      throw new Error('the database is away');
    };
    await expect(reads.keep('settings', failing)).rejects.toThrow('the database is away');
    expect(await reads.keep('settings', async () => 'saved')).toBe('saved');

    let found = 0;
    const missing = async () => {
      found += 1;
      return null;
    };
    await reads.keep('post en made-up', missing, (value) => value !== null);
    await reads.keep('post en made-up', missing, (value) => value !== null);
    expect(found).toBe(2);

    let release = () => {};
    const slow = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { id: 1 };
    };
    const racing = reads.keep('post en slow', slow);
    await Promise.resolve();
    reads.clear();
    release();
    expect(await racing).toEqual({ id: 1 });
    expect(reads.size).toBe(0);
  });

  it('reads again once a kept value is as old as a cached page may be', async () => {
    let clock = 0;
    const reads = ownReads({ anonKey: ANON, now: () => clock });
    const post = countingRead();
    await reads.keep('post en welcome', post.read);
    clock += 59_999;
    await reads.keep('post en welcome', post.read);
    expect(post.calls()).toBe(1);
    clock += 1;
    expect(await reads.keep('post en welcome', post.read)).toMatchObject({ id: 2 });
  });

  it('stays within its memory however many distinct values it is asked to keep', async () => {
    const reads = ownReads({ anonKey: ANON });
    // About 200 kB a value as kept (its JSON twice over): forty fit in 8 MiB.
    const content = 'x'.repeat(100 * 1024);
    for (let i = 0; i < 100; i += 1) await reads.keep(`post en ${i}`, async () => ({ content }));
    expect(reads.size).toBe(40);
    const huge = 'y'.repeat(200 * 1024);
    const alone = ownReads({ anonKey: ANON });
    expect(await alone.keep('post en huge', async () => ({ huge }))).toEqual({ huge });
    expect(alone.size).toBe(0);
  });
});
