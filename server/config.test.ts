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

  it('asks ADMIN_PASSWORD for config.toml’s minimum_password_length, in bytes as GoTrue counts', () => {
    const admin = (password: string) =>
      loadConfig({ ADMIN_EMAIL: 'a@b.se', ADMIN_PASSWORD: password });
    expect(() => admin('seven c')).toThrowError('ADMIN_PASSWORD must be at least 8 characters');
    expect(admin('eight ch').ADMIN_PASSWORD).toBe('eight ch');
    expect(admin('åäöé').ADMIN_PASSWORD).toBe('åäöé');
  });

  it('reads one or several addresses to notify of new leads', () => {
    expect(loadConfig({ LEADS_NOTIFY_TO: 'sales@agency.se' }).LEADS_NOTIFY_TO).toEqual([
      'sales@agency.se',
    ]);
    expect(loadConfig({ LEADS_NOTIFY_TO: ' a@agency.se, b@agency.se ,' }).LEADS_NOTIFY_TO).toEqual([
      'a@agency.se',
      'b@agency.se',
    ]);
    expect(loadConfig({}).LEADS_NOTIFY_TO).toBeUndefined();
    expect(() => loadConfig({ LEADS_NOTIFY_TO: 'sales@agency.se, nobody' })).toThrowError(
      /LEADS_NOTIFY_TO must list e-mail addresses/,
    );
  });

  it('trusts no proxy beyond loopback unless TRUST_PROXY says how many', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrowError(/TRUST_PROXY/);
  });

  it('stops at start on a minimum fill time that is not a number of seconds', () => {
    expect(loadConfig({ FORM_MIN_FILL_SECONDS: '0' }).FORM_MIN_FILL_SECONDS).toBe(0);
    expect(() => loadConfig({ FORM_MIN_FILL_SECONDS: 'soon' })).toThrowError(
      /FORM_MIN_FILL_SECONDS/,
    );
  });

  it('bounds a stop at 25 s with a 5 s grace, the grace inside the bound', () => {
    expect(loadConfig({})).toMatchObject({
      SHUTDOWN_TIMEOUT_SECONDS: 25,
      SHUTDOWN_GRACE_SECONDS: 5,
    });
    expect(
      loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '60', SHUTDOWN_GRACE_SECONDS: '0.5' }),
    ).toMatchObject({ SHUTDOWN_TIMEOUT_SECONDS: 60, SHUTDOWN_GRACE_SECONDS: 0.5 });
    expect(() =>
      loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '10', SHUTDOWN_GRACE_SECONDS: '10' }),
    ).toThrowError(/SHUTDOWN_GRACE_SECONDS: must be shorter than SHUTDOWN_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrowError(
      /SHUTDOWN_TIMEOUT_SECONDS/,
    );
  });

  it('runs one process unless told, and more only on PostgreSQL', () => {
    expect(loadConfig({})).toMatchObject({ WORKERS: 1 });
    expect(loadConfig({ WORKERS: '2' })).toMatchObject({ WORKERS: 2 });
    expect(() => loadConfig({ WORKERS: '0' })).toThrowError(/WORKERS/);
    expect(() => loadConfig({ WORKERS: '17' })).toThrowError(/WORKERS/);
    expect(() => loadConfig({ WORKERS: '2', EMBEDDED_DATABASE: 'pglite' })).toThrowError(
      /WORKERS: PGlite serves one process/,
    );
    expect(
      loadConfig({
        WORKERS: '2',
        EMBEDDED_DATABASE: 'pglite',
        DATABASE_URL: 'postgres://u:p@localhost/db',
      }),
    ).toMatchObject({ WORKERS: 2 });
  });

  it('backs up daily and keeps a week unless told, and takes none at BACKUP_INTERVAL_HOURS=0', () => {
    expect(loadConfig({})).toMatchObject({ BACKUP_INTERVAL_HOURS: 24, BACKUP_KEEP_DAYS: 7 });
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: '0' })).toMatchObject({ BACKUP_INTERVAL_HOURS: 0 });
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '1.5', BACKUP_KEEP_DAYS: '0' })).toThrowError(
      /BACKUP_INTERVAL_HOURS[\s\S]*BACKUP_KEEP_DAYS/,
    );
  });
});
