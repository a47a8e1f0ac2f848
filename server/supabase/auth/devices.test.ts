import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { deviceCookie, knownDevice } from './devices.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const requestWith = (cookie: string) => ({ headers: { cookie } }) as IncomingMessage;
const pairOf = (setCookie: string) => setCookie.split(';')[0]!;

describe('device cookies', () => {
  it('recognise the browser they were given to, for that account only', () => {
    const cookie = pairOf(deviceCookie(SECRET, 'anna@example.se', false));
    const device = knownDevice(requestWith(`theme=dark; ${cookie}`), SECRET, 'anna@example.se');
    expect(device).toMatch(/^[\w-]{22}$/);
    expect(knownDevice(requestWith(cookie), SECRET, 'erik@example.se')).toBeUndefined();
  });

  it('keep the device id they are renewed with', () => {
    const renewed = pairOf(deviceCookie(SECRET, 'anna@example.se', false, 'device-1'));
    expect(knownDevice(requestWith(renewed), SECRET, 'anna@example.se')).toBe('device-1');
  });

  it('refuse a cookie signed with another secret, or altered', () => {
    const cookie = pairOf(deviceCookie(SECRET, 'anna@example.se', false, 'device-1'));
    const other = pairOf(deviceCookie(`${SECRET}-other`, 'anna@example.se', false, 'device-1'));
    expect(knownDevice(requestWith(other), SECRET, 'anna@example.se')).toBeUndefined();
    const altered = cookie.replace('device-1', 'device-2');
    expect(knownDevice(requestWith(altered), SECRET, 'anna@example.se')).toBeUndefined();
    expect(
      knownDevice(requestWith(cookie.split('.')[0]!), SECRET, 'anna@example.se'),
    ).toBeUndefined();
  });

  it('are HttpOnly, SameSite=Strict, for the auth API only, and Secure on https', () => {
    expect(deviceCookie(SECRET, 'a@b.se', true, 'x')).toMatch(
      /; Path=\/auth\/v1; Max-Age=31536000; HttpOnly; SameSite=Strict; Secure$/,
    );
    expect(deviceCookie(SECRET, 'a@b.se', false, 'x')).not.toContain('Secure');
  });
});
