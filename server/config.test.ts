import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('.data'));
    expect(config.SEED_DEMO).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SUPABASE_URL).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('reads SEED_DEMO=false', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it('lists every problem at once', () => {
    expect(() =>
      loadConfig({
        PORT: 'abc',
        SUPABASE_URL: 'https://x.supabase.co',
        JWT_SECRET: 'short',
        ADMIN_EMAIL: 'a@b.se',
      }),
    ).toThrowError(
      /PORT[\s\S]*JWT_SECRET must be at least 32 characters[\s\S]*SUPABASE_URL and SUPABASE_ANON_KEY must be set together[\s\S]*ADMIN_EMAIL and ADMIN_PASSWORD must be set together/,
    );
  });
});
