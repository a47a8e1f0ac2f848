import { describe, expect, it } from 'vitest';
import { deviceClass, isBot, pageViewFacts, referrerHost } from './page-view.ts';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('isBot', () => {
  it('counts browsers and leaves out crawlers, previews, monitors and scripts', () => {
    expect(isBot(CHROME)).toBe(false);
    expect(isBot(ANDROID_PHONE)).toBe(false);
    for (const agent of [
      undefined,
      '',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2)',
      'Mozilla/5.0 (Linux; Android 11; moto g power) Chrome-Lighthouse',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'python-requests/2.32.3',
      'Wget/1.21.4',
      'UptimeRobot/2.0',
    ]) {
      expect(isBot(agent), agent).toBe(true);
    }
  });
});

describe('deviceClass', () => {
  it('tells phones, tablets and desktops apart', () => {
    expect(deviceClass(CHROME)).toBe('desktop');
    expect(deviceClass(ANDROID_PHONE)).toBe('mobile');
    expect(deviceClass(ANDROID_TABLET)).toBe('tablet');
    expect(deviceClass(IPAD)).toBe('tablet');
  });
});

describe('referrerHost', () => {
  it('names another site by its host, without www., and nothing for this site or apps', () => {
    expect(referrerHost('https://www.Google.com/search?q=x', ['example.se'])).toBe('google.com');
    expect(referrerHost('https://l.facebook.com/', ['example.se'])).toBe('l.facebook.com');
    expect(referrerHost('https://www.example.se/blog', ['example.se'])).toBeUndefined();
    expect(referrerHost('android-app://com.google.android.gm/', [])).toBeUndefined();
    expect(referrerHost('not a url', [])).toBeUndefined();
    expect(referrerHost(undefined, [])).toBeUndefined();
  });
});

describe('pageViewFacts', () => {
  it('keeps the path, the campaign and the language, never the other parameters', () => {
    const facts = pageViewFacts(
      new URL(
        'http://localhost/sv/blog?utm_source=%20meta%20&utm_campaign=vår&fbclid=IwAR1&page=2',
      ),
      { userAgent: CHROME },
      ['localhost'],
    );
    expect(facts).toEqual({
      path: '/sv/blog',
      referrer_host: null,
      utm_source: 'meta',
      utm_medium: null,
      utm_campaign: 'vår',
      language: 'sv',
      device: 'desktop',
    });
  });
});
