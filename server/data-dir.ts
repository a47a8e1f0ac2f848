import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `Another server (pid ${pid}) is already using the data directory ${dir}. ` +
        'Stop it first, or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Whether a process with this pid runs on this machine. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes DATA_DIR/server.lock for this process. PGlite is single-process: a second server on the
 * same directory would corrupt it. A lock left by a killed process (kill -9) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
        throw new DataDirLockedError(dir, pid);
      }
      unlinkSync(file); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

/** A secret generated once and kept in DATA_DIR, so tokens survive restarts. */
export function persistentSecret(dir: string, name: string): string {
  const file = path.join(dir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    const fd = openSync(file, 'wx', 0o600);
    writeSync(fd, secret);
    closeSync(fd);
    return secret;
  }
}
