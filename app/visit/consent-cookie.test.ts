import { describe, expect, it } from 'vitest';
import {
  CONSENT_COOKIE_VALUES,
  allows,
  choiceFromCookieValue,
  consentCookieValue,
  consentFromCookies,
  consentIdFromCookies,
  consentSetCookies,
} from './consent-cookie';

const none = { analytics: false, marketing: false, preferences: false };

describe('the consent cookie', () => {
  it('holds one of eight words, one per combination of categories, and reads each back', () => {
    expect(CONSENT_COOKIE_VALUES).toHaveLength(8);
    expect(new Set(CONSENT_COOKIE_VALUES).size).toBe(8);
    expect(CONSENT_COOKIE_VALUES).toEqual(expect.arrayContaining(['accepted', 'rejected']));
    for (const value of CONSENT_COOKIE_VALUES)
      expect(consentCookieValue(choiceFromCookieValue(value)!)).toBe(value);
    expect(consentCookieValue({ ...none, preferences: true, analytics: true })).toBe(
      'analytics.preferences',
    );
  });

  it('means no choice yet when absent or unknown, so the banner shows', () => {
    expect(consentFromCookies(undefined)).toBeUndefined();
    expect(consentFromCookies('other=1')).toBeUndefined();
    expect(consentFromCookies('cookie_consent=custom')).toBeUndefined();
    expect(consentFromCookies('cookie_consent=marketing.analytics')).toBeUndefined();
    expect(consentFromCookies('a=1; cookie_consent=rejected')).toEqual(none);
    expect(allows('cookie_consent=rejected', 'marketing')).toBe(false);
    expect(allows(undefined, 'marketing')).toBe(false);
    expect(allows('cookie_consent=marketing', 'marketing')).toBe(true);
    expect(allows('cookie_consent=accepted', 'analytics')).toBe(true);
  });

  it('is set for a year with the random consent ID beside it, Secure on an https site', () => {
    const id = '8f1c2a3b-1d2e-4f5a-8b9c-0d1e2f3a4b5c';
    const [choice, consentId] = consentSetCookies({ ...none, marketing: true }, id, true);
    expect(choice).toBe('cookie_consent=marketing; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(consentId).toBe(
      `cookie_consent_id=${id}; Path=/; Max-Age=31536000; SameSite=Lax; Secure; HttpOnly`,
    );
    expect(consentSetCookies(none, id, false)[0]).not.toMatch(/Secure/);
    expect(consentIdFromCookies(`cookie_consent_id=${id}`)).toBe(id);
    expect(consentIdFromCookies('cookie_consent_id=not-a-uuid')).toBeUndefined();
  });
});
