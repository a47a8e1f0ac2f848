// The site as `npm start` runs it re-executes itself once at start with its memory settings
// (server/lean-process.ts, decisions 35, 41 and 50): the same process id, V8's heap bounds, its
// helper threads and the work they are spared on its command line, two malloc arenas in its
// environment, and it serves as before. LEAN_PROCESS=off skips it.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { v8HelperThreads } from '#server/lean-process.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { startSite, type RunningSite } from '../support/site.ts';

const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
const environment = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');

describe('the lean process', () => {
  let site: RunningSite | undefined;
  afterEach(async () => {
    await site?.stop();
    site = undefined;
  });

  it('runs with the heap bounds, its helper threads and two malloc arenas, and serves its pages', async () => {
    site = await startSite({ PAGE_CACHE_MB: '16' });
    expect(commandLine(site.pid)).toEqual(
      expect.arrayContaining([
        '--max-old-space-size=160',
        '--max-semi-space-size=16',
        `--v8-pool-size=${v8HelperThreads(availableParallelism(), 1)}`,
        '--no-maglev-destroy-on-background',
      ]),
    );
    expect(environment(site.pid)).toContain('MALLOC_ARENA_MAX=2');
    const home = await fetch(`${site.url}/sv`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('lang="sv"');
  });

  it('runs as it was started with LEAN_PROCESS=off', async () => {
    site = await startSite({ LEAN_PROCESS: 'off' });
    expect(commandLine(site.pid).join(' ')).not.toMatch(
      /--max-old-space-size|--v8-pool-size|--no-maglev-destroy-on-background/,
    );
    expect(environment(site.pid)).not.toContain('MALLOC_ARENA_MAX=2');
  });
});
