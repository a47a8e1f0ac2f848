import { describe, expect, it } from 'vitest';
import { inProcessFetch, keptReads, provideInProcessFetch } from './in-process-fetch.ts';

const answer = (text: string) => () => Promise.resolve(new Response(text));

describe('the in-process fetch registry', () => {
  it('answers for the provided origin only, whatever the path', () => {
    const own = answer('own');
    const withdraw = provideInProcessFetch('http://127.0.0.1:4100', own);
    expect(inProcessFetch('http://127.0.0.1:4100/rest/v1/blog_posts?select=slug')).toBe(own);
    expect(inProcessFetch('http://127.0.0.1:4101/rest/v1/blog_posts')).toBeUndefined();
    expect(inProcessFetch('https://project.supabase.co/rest/v1/blog_posts')).toBeUndefined();
    expect(inProcessFetch('not a url')).toBeUndefined();
    withdraw();
    expect(inProcessFetch('http://127.0.0.1:4100/rest/v1/blog_posts')).toBeUndefined();
  });

  it('leaves a newer server’s fetch in place when an older one on the same origin withdraws', () => {
    const older = answer('older');
    const newer = answer('newer');
    const withdrawOlder = provideInProcessFetch('http://127.0.0.1:4200', older);
    const withdrawNewer = provideInProcessFetch('http://127.0.0.1:4200/', newer);
    withdrawOlder();
    expect(inProcessFetch('http://127.0.0.1:4200/auth/v1/user')).toBe(newer);
    withdrawNewer();
    expect(inProcessFetch('http://127.0.0.1:4200/auth/v1/user')).toBeUndefined();
  });
});

describe('the keeper of reads beside it', () => {
  const keeper = { keep: <T>(_key: string, read: () => Promise<T>) => read() };

  it('is found for the origin it was provided with, and goes with its fetch', () => {
    const withdraw = provideInProcessFetch('http://127.0.0.1:4500', answer('own'), keeper);
    expect(keptReads('http://127.0.0.1:4500')).toBe(keeper);
    expect(keptReads('http://127.0.0.1:4501')).toBeUndefined();
    expect(keptReads('not a url')).toBeUndefined();
    withdraw();
    expect(keptReads('http://127.0.0.1:4500')).toBeUndefined();
  });

  it('is none where only a fetch was provided (development)', () => {
    const withdraw = provideInProcessFetch('http://127.0.0.1:4600', answer('own'));
    expect(inProcessFetch('http://127.0.0.1:4600')).toBeDefined();
    expect(keptReads('http://127.0.0.1:4600')).toBeUndefined();
    withdraw();
  });
});
