import { describe, expect, it } from 'vitest';
import { browserSupabaseConfig, publicSiteUrl, serverEnv } from './config.server';

const embedded = {
  SUPABASE_URL: 'http://127.0.0.1:41234',
  SUPABASE_ANON_KEY: 'anon-key',
  SUPABASE_SAME_ORIGIN: 'true',
};
const hosted = { SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_ANON_KEY: 'anon-key' };

describe('browserSupabaseConfig', () => {
  it("sends the browser to the page's own origin when the backend is embedded", () => {
    expect(browserSupabaseConfig(serverEnv(embedded))).toEqual({
      supabaseUrl: null,
      supabaseAnonKey: 'anon-key',
    });
  });

  it('sends the browser to the hosted project otherwise', () => {
    expect(browserSupabaseConfig(serverEnv(hosted))).toEqual({
      supabaseUrl: 'https://abcd.supabase.co',
      supabaseAnonKey: 'anon-key',
    });
  });
});

describe('serverEnv', () => {
  it('names every missing setting', () => {
    expect(() => serverEnv({})).toThrow(/SUPABASE_URL[\s\S]*SUPABASE_ANON_KEY/);
  });
});

describe('publicSiteUrl', () => {
  const request = new Request('http://127.0.0.1:3000/sv/blog?x=1');

  it("uses the request's origin by default", () => {
    expect(publicSiteUrl(request, serverEnv(hosted))).toBe('http://127.0.0.1:3000');
  });

  it('prefers SITE_URL, without a trailing slash', () => {
    expect(publicSiteUrl(request, serverEnv({ ...hosted, SITE_URL: 'https://example.se/' }))).toBe(
      'https://example.se',
    );
  });
});
