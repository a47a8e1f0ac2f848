import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './signed-token.ts';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const id = '5f0c2c52-3c1e-4a55-9d57-0b7e1f4d2a10';
const now = Date.parse('2026-11-25T12:00:00Z');

describe('signed tokens', () => {
  it('carry their id until they expire', () => {
    const token = signToken('book', id, now + 3_600_000, secret);
    expect(verifyToken('book', token, secret, now)).toEqual({ valid: true, id });
    expect(verifyToken('book', token, secret, now + 3_600_000)).toEqual({
      valid: false,
      reason: 'expired',
    });
  });

  it('are refused for another purpose, with another secret, or changed in any part', () => {
    const token = signToken('book', id, now + 3_600_000, secret);
    expect(verifyToken('meeting', token, secret, now).valid).toBe(false);
    expect(verifyToken('book', token, `${secret}x`, now).valid).toBe(false);
    const [tokenId, expires, signature] = token.split('.') as [string, string, string];
    const otherId = tokenId.replace(/^5/, '6');
    for (const forged of [
      `${otherId}.${expires}.${signature}`,
      `${tokenId}.${(parseInt(expires, 36) + 1).toString(36)}.${signature}`,
      `${tokenId}.${expires}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      '',
      undefined,
      'not.a.token',
    ]) {
      expect(verifyToken('book', forged, secret, now)).toEqual({ valid: false, reason: 'invalid' });
    }
  });
});
