import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrSvg } from './qr-svg.ts';
import {
  acceptedStep,
  base32Decode,
  base32Encode,
  generateSecret,
  otpauthUri,
  timeStep,
  totpCode,
} from './totp.ts';

// RFC 6238 appendix B's SHA-1 seed, in base32; its 8-digit codes end in these 6 digits.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));

describe('TOTP', () => {
  it('gives RFC 6238 test vectors (SHA-1, 6 digits)', () => {
    expect(totpCode(RFC_SECRET, timeStep(59_000))).toBe('287082');
    expect(totpCode(RFC_SECRET, timeStep(1_111_111_109_000))).toBe('081804');
    expect(totpCode(RFC_SECRET, timeStep(1_234_567_890_000))).toBe('005924');
    expect(totpCode(RFC_SECRET, timeStep(20_000_000_000_000))).toBe('353130');
  });

  it('round-trips base32 and makes 160-bit secrets', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    const secret = generateSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateSecret()).not.toBe(secret);
  });

  it('accepts the code of the current step and one step either side, nothing further', () => {
    const now = 1_900_000_000_000;
    const step = timeStep(now);
    expect(acceptedStep(RFC_SECRET, totpCode(RFC_SECRET, step), now)).toBe(step);
    expect(acceptedStep(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now)).toBe(step - 1);
    expect(acceptedStep(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now)).toBe(step + 1);
    expect(acceptedStep(RFC_SECRET, totpCode(RFC_SECRET, step - 2), now)).toBeUndefined();
    expect(acceptedStep(RFC_SECRET, totpCode(RFC_SECRET, step + 2), now)).toBeUndefined();
    expect(acceptedStep(RFC_SECRET, '12345', now)).toBeUndefined();
    expect(acceptedStep(RFC_SECRET, 'abcdef', now)).toBeUndefined();
  });

  it('never accepts a code of a step at or before the last one used', () => {
    const now = 1_900_000_000_000;
    const step = timeStep(now);
    const code = totpCode(RFC_SECRET, step);
    expect(acceptedStep(RFC_SECRET, code, now, step)).toBeUndefined();
    expect(acceptedStep(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now, step - 1)).toBeUndefined();
    expect(acceptedStep(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now, step)).toBe(step + 1);
  });

  it('writes the otpauth address as authenticator apps and pquerna/otp expect', () => {
    expect(
      otpauthUri({ issuer: 'agency.example', account: 'anna@agency.example', secret: 'ABC' }),
    ).toBe(
      'otpauth://totp/agency.example:anna@agency.example?algorithm=SHA1&digits=6&issuer=agency.example&period=30&secret=ABC',
    );
  });
});

describe('qrSvg', () => {
  it('draws every dark module of the QR code, with a quiet zone and no "#" to break a data URL', () => {
    const text = 'otpauth://totp/agency.example:anna@agency.example?secret=ABC';
    const svg = qrSvg(text);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" /);
    expect(svg).not.toContain('#');
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'H' });
    const drawn = new Set([...svg.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`));
    let dark = 0;
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        const isDark = Boolean(modules.get(row, col));
        if (isDark) dark++;
        expect(drawn.has(`${col + 4},${row + 4}`)).toBe(isDark);
      }
    }
    expect(drawn.size).toBe(dark);
    expect(svg).toContain(`viewBox="0 0 ${modules.size + 8} ${modules.size + 8}"`);
  });
});
