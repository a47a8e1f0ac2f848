import { describe, expect, it } from 'vitest';
import { quietLog } from './quiet-log.ts';

describe('a quiet log', () => {
  it('writes a line once a minute and says how many times it held it back', () => {
    const quiet = quietLog();
    const lines: string[] = [];
    const say = (at: number) => quiet('lost', (repeats) => lines.push(`lost${repeats}`), at);
    say(0);
    say(1_000);
    say(59_999);
    expect(lines).toEqual(['lost']);
    say(60_000);
    say(61_000);
    expect(lines).toEqual(['lost', 'lost (2 more times in the minute after it was last logged)']);
    say(120_000);
    expect(lines.at(-1)).toBe('lost (1 more time in the minute after it was last logged)');
    // Another key is its own.
    quiet('other', (repeats) => lines.push(`other${repeats}`), 120_001);
    expect(lines.at(-1)).toBe('other');
  });

  it('remembers the last 100 keys, so that keys that differ cannot make it grow', () => {
    const quiet = quietLog();
    let written = 0;
    for (let n = 0; n < 101; n++) quiet(`failure ${n}`, () => written++, 0);
    expect(written).toBe(101);
    // The first was forgotten, and is written again at once; the last is still held back.
    quiet('failure 0', () => written++, 1);
    quiet('failure 100', () => written++, 1);
    expect(written).toBe(102);
  });
});
