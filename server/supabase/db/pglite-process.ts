// What PGlite's workers (pglite.ts) share with the process that starts them: PGlite's
// WebAssembly, compiled once here so that every worker instantiates the one module (a worker that
// compiled its own would, on a process with few V8 helper threads as the lean process runs, spend
// seconds compiling after each restart, inside the first statement's timeout), and the files an
// ended worker left open, which are the process's.
import { closeSync, readdirSync, readlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

let compiled: Promise<WebAssembly.Module> | undefined;

/** PGlite's WebAssembly, compiled on the first open and shared by every worker after it. */
export function pgliteModule(): Promise<WebAssembly.Module> {
  compiled ??= readFile(new URL('pglite.wasm', import.meta.resolve('@electric-sql/pglite')))
    .then((bytes) => WebAssembly.compile(bytes))
    .catch((error: unknown) => {
      // A failed read (too many open files…) is not kept: the next open reads it again.
      compiled = undefined;
      throw error;
    });
  return compiled;
}

/**
 * File descriptors an ended worker left open in the directory: a worker's files are the
 * process's, and ending the thread does not close them. Linux only (/proc); elsewhere they stay.
 */
export function closeLeftFiles(directory: string) {
  let fds: string[];
  try {
    fds = readdirSync('/proc/self/fd');
  } catch {
    return;
  }
  const inside = path.resolve(directory) + path.sep;
  for (const fd of fds) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).startsWith(inside)) closeSync(Number(fd));
    } catch {
      // gone meanwhile
    }
  }
}
