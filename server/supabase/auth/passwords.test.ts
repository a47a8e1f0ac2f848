import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with bcrypt at cost 10 or more and verifies', async () => {
    const hash = await hashPassword('a long enough secret');
    expect(hash).toMatch(/^\$2[aby]\$(1\d|[2-9]\d)\$/);
    expect(await verifyPassword('a long enough secret', hash)).toBe(true);
    expect(await verifyPassword('another secret', hash)).toBe(false);
  });

  it('never matches when there is no stored hash', async () => {
    expect(await verifyPassword('', null)).toBe(false);
    expect(await verifyPassword('anything', undefined)).toBe(false);
    expect(await verifyPassword('anything', '')).toBe(false);
  });

  it('calls passwords under 8 characters weak, with the reason', () => {
    const problem = passwordProblem('short');
    expect(problem?.status).toBe(422);
    expect(problem?.code).toBe('weak_password');
    expect(problem?.extra).toEqual({ weak_password: { reasons: ['length'] } });
    expect(passwordProblem('eight ch')).toBeUndefined();
  });

  it('refuses passwords bcrypt would truncate', () => {
    expect(passwordProblem('x'.repeat(73))?.code).toBe('validation_failed');
    expect(passwordProblem('x'.repeat(72))).toBeUndefined();
  });
});
