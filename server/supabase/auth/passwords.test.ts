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

  it('calls a password shorter than the minimum weak, in GoTrue’s words and with the reason', () => {
    const problem = passwordProblem('seven c', 8);
    expect(problem?.status).toBe(422);
    expect(problem?.code).toBe('weak_password');
    expect(problem?.message).toBe('Password should be at least 8 characters.');
    expect(problem?.extra).toEqual({ weak_password: { reasons: ['length'] } });
    expect(passwordProblem('eight ch', 8)).toBeUndefined();
    expect(passwordProblem('six ch', 6)).toBeUndefined();
    expect(passwordProblem('five', 6)?.message).toBe('Password should be at least 6 characters.');
  });

  it('counts the length in bytes, as GoTrue does', () => {
    // Four letters of two bytes each: eight bytes.
    expect(passwordProblem('åäöé', 8)).toBeUndefined();
    expect(passwordProblem('åäö', 8)?.code).toBe('weak_password');
  });

  it('refuses passwords bcrypt would truncate', () => {
    expect(passwordProblem('x'.repeat(73), 8)?.code).toBe('validation_failed');
    expect(passwordProblem('x'.repeat(72), 8)).toBeUndefined();
  });
});
