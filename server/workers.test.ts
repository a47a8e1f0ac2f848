import { describe, expect, it } from 'vitest';
import { restartDelayMs, workerExecArgv } from './workers.ts';

describe('restartDelayMs', () => {
  it('waits a second after a first end, twice as long after each end in a row, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('workerExecArgv', () => {
  const heap = ['--max-old-space-size=192', '--max-semi-space-size=16'];

  it("gives each worker's V8 helpers its share of the cores, at least one, at most V8's four", () => {
    expect(workerExecArgv(heap, undefined, 2, 2)).toEqual([...heap, '--v8-pool-size=1']);
    expect(workerExecArgv(heap, undefined, 3, 2)).toEqual([...heap, '--v8-pool-size=1']);
    expect(workerExecArgv(heap, undefined, 2, 4)).toEqual([...heap, '--v8-pool-size=2']);
    expect(workerExecArgv(heap, undefined, 2, 6)).toEqual([...heap, '--v8-pool-size=3']);
    expect(workerExecArgv(heap, undefined, 2, 32)).toEqual([...heap, '--v8-pool-size=4']);
  });

  it('keeps a pool size the operator gave, on the command line or in NODE_OPTIONS', () => {
    expect(workerExecArgv([...heap, '--v8-pool-size=3'], undefined, 2, 2)).toEqual([
      ...heap,
      '--v8-pool-size=3',
    ]);
    expect(workerExecArgv(heap, '--v8-pool-size=2 --enable-source-maps', 2, 2)).toEqual(heap);
    expect(workerExecArgv(heap, '--v8-pool-size 2', 2, 2)).toEqual(heap);
  });
});
