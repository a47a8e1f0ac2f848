import { afterEach, describe, expect, it, vi } from 'vitest';
import { provideInProcessFetch } from '#shared/in-process-fetch.ts';
import { serverFetch } from './server-fetch.server';

describe('serverFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands a request to the in-process fetch provided for its origin, even one provided later', async () => {
    const overHttp = vi.fn(() => Promise.resolve(new Response('over HTTP')));
    vi.stubGlobal('fetch', overHttp);
    const fetchFor = serverFetch('http://127.0.0.1:4300');
    expect(await (await fetchFor('http://127.0.0.1:4300/rest/v1/x')).text()).toBe('over HTTP');
    const withdraw = provideInProcessFetch('http://127.0.0.1:4300', () =>
      Promise.resolve(new Response('in process')),
    );
    expect(await (await fetchFor('http://127.0.0.1:4300/rest/v1/x')).text()).toBe('in process');
    withdraw();
    expect(await (await fetchFor('http://127.0.0.1:4300/rest/v1/x')).text()).toBe('over HTTP');
    expect(overHttp).toHaveBeenCalledTimes(2);
  });

  it('stays plain HTTP against a hosted project', async () => {
    const overHttp = vi.fn(() => Promise.resolve(new Response('hosted')));
    vi.stubGlobal('fetch', overHttp);
    const withdraw = provideInProcessFetch('http://127.0.0.1:4400', () =>
      Promise.resolve(new Response('in process')),
    );
    const hosted = serverFetch('https://project.supabase.co');
    expect(await (await hosted('https://project.supabase.co/rest/v1/x')).text()).toBe('hosted');
    withdraw();
  });
});
