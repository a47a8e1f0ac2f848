import { describe, expect, it } from 'vitest';
import { checkFormStart, signFormStart } from './form-token.server';

const secret = 'a-form-secret-of-at-least-32-characters';
const renderedAt = Date.parse('2026-11-23T10:00:00.000Z');
const settings = (secondsLater: number, minFillMs = 3000) => ({
  secret,
  minFillMs,
  now: renderedAt + secondsLater * 1000,
});

describe('the consultation form’s signed start time', () => {
  it('is the render time in milliseconds and an HMAC-SHA256 of it', () => {
    expect(signFormStart(renderedAt, secret)).toMatch(/^1795428000000\.[A-Za-z0-9_-]{43}$/);
    expect(signFormStart(renderedAt, secret)).toBe(signFormStart(renderedAt, secret));
    expect(signFormStart(renderedAt, 'another-secret-of-at-least-32-chars!')).not.toBe(
      signFormStart(renderedAt, secret),
    );
  });

  it('accepts a form sent after the minimum fill time, however long after', () => {
    const token = signFormStart(renderedAt, secret);
    expect(checkFormStart(token, settings(3))).toBe('valid');
    expect(checkFormStart(token, settings(60 * 60 * 24 * 7))).toBe('valid');
  });

  it('calls a form sent sooner than the minimum too fast', () => {
    const token = signFormStart(renderedAt, secret);
    expect(checkFormStart(token, settings(0))).toBe('too-fast');
    expect(checkFormStart(token, settings(2.999))).toBe('too-fast');
    // A time in the future is no person's pace either.
    expect(checkFormStart(token, settings(-60))).toBe('too-fast');
  });

  it('accepts an immediate send when the minimum is 0', () => {
    expect(checkFormStart(signFormStart(renderedAt, secret), settings(0, 0))).toBe('valid');
  });

  it('calls an earlier time with a copied signature, another secret’s token or garbage forged', () => {
    const token = signFormStart(renderedAt, secret);
    const [, signed] = token.split('.');
    expect(checkFormStart(`${renderedAt - 60_000}.${signed}`, settings(3))).toBe('forged');
    const foreign = signFormStart(renderedAt - 60_000, 'another-secret-of-at-least-32-chars!');
    expect(checkFormStart(foreign, settings(3))).toBe('forged');
    for (const garbage of ['1795428000000', 'abc.def', `${renderedAt}.${'A'.repeat(43)}`, ' '])
      expect(checkFormStart(garbage, settings(3))).toBe('forged');
  });

  it('calls a form without a token, or with a file in its place, missing', () => {
    expect(checkFormStart(null, settings(10))).toBe('missing');
    expect(checkFormStart('', settings(10))).toBe('missing');
    expect(checkFormStart(new File(['x'], 'token.txt'), settings(10))).toBe('missing');
  });
});
