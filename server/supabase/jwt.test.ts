import { afterEach, describe, expect, it, vi } from 'vitest';
import { JwtError, signJwt, verifyJwt } from './jwt.ts';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';

describe('verifyJwt', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a token it has verified before with the same claims', async () => {
    const token = await signJwt({ role: 'anon', sub: 'x' }, secret);
    expect(await verifyJwt(token, secret)).toMatchObject({ role: 'anon', sub: 'x' });
    expect(await verifyJwt(token, secret)).toMatchObject({ role: 'anon', sub: 'x' });
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const exp = Math.floor(Date.now() / 1000) + 60;
    const token = await signJwt({ role: 'authenticated', exp }, secret);
    await verifyJwt(token, secret);
    vi.setSystemTime(new Date('2026-11-23T10:01:01Z'));
    await expect(verifyJwt(token, secret)).rejects.toMatchObject({
      name: 'JwtError',
      expired: true,
    });
  });

  it('never takes a token for verified under another secret', async () => {
    const token = await signJwt({ role: 'service_role' }, secret);
    await verifyJwt(token, secret);
    await expect(verifyJwt(token, 'another-secret-that-is-long-enough-too')).rejects.toThrow(
      JwtError,
    );
  });

  it('refuses a tampered token every time', async () => {
    const token = await signJwt({ role: 'anon' }, secret);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.${signature}`;
    await expect(verifyJwt(forged, secret)).rejects.toThrow('JWT cryptographic operation failed');
    await expect(verifyJwt(forged, secret)).rejects.toThrow('JWT cryptographic operation failed');
  });
});
