import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, persistentSecret } from './data-dir.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const freshDir = () => (dir = mkdtempSync(path.join(os.tmpdir(), 'data-dir-test-')));

describe('lockDataDir', () => {
  it('refuses a directory locked by a running process, naming it', () => {
    freshDir();
    // This test's parent (the vitest runner) is alive for sure.
    writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrowError(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrowError(`pid ${process.ppid}`);
  });

  it('takes over a lock left by a process that is gone (kill -9)', () => {
    freshDir();
    const gone = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString();
    writeFileSync(path.join(dir, 'server.lock'), gone);
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });
});

describe('persistentSecret', () => {
  it('generates a secret once and returns the same one afterwards', () => {
    freshDir();
    const first = persistentSecret(dir, 'jwt-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(persistentSecret(dir, 'jwt-secret')).toBe(first);
  });
});
