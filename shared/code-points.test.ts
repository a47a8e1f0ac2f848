import { describe, expect, it } from 'vitest';
import { firstCodePoints } from './code-points.ts';

describe('firstCodePoints', () => {
  it('keeps text within the limit as it is', () => {
    expect(firstCodePoints('Mozilla/5.0', 300)).toBe('Mozilla/5.0');
    expect(firstCodePoints('', 3)).toBe('');
  });

  it('cuts by code points, never inside a surrogate pair', () => {
    expect(firstCodePoints('abcdef', 3)).toBe('abc');
    expect(firstCodePoints('😀😀😀', 2)).toBe('😀😀');
    // Six UTF-16 units, three code points: within a limit of 3.
    expect(firstCodePoints('😀😀😀', 3)).toBe('😀😀😀');
    expect(firstCodePoints('a😀b', 2)).toBe('a😀');
  });
});
