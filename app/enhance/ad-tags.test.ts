// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { EVERYTHING_ALLOWED, NOTHING_ALLOWED } from '~/visit/consent-cookie';
import { loadAdTags } from './ad-tags';

type TagWindow = Window & { fbq?: { queue: unknown[][] }; clarity?: { q: unknown[][] } };
const win = window as TagWindow;

function configure() {
  const html = document.documentElement;
  html.setAttribute('data-meta-pixel', '1234567890');
  html.setAttribute('data-meta-pixel-src', 'http://127.0.0.1:9/fbevents.js');
  html.setAttribute('data-clarity', 'abc123xyz');
  html.setAttribute('data-clarity-src', 'http://127.0.0.1:9/tag/');
}

afterEach(() => {
  delete win.fbq;
  delete (win as { _fbq?: unknown })._fbq;
  delete win.clarity;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  for (const name of ['data-meta-pixel', 'data-meta-pixel-src', 'data-clarity', 'data-clarity-src'])
    document.documentElement.removeAttribute(name);
  window.history.replaceState(null, '', '/');
});

const scripts = () => [...document.head.querySelectorAll('script')].map((script) => script.src);

describe('the ad tags', () => {
  it('load nothing without consent for their category', () => {
    configure();
    loadAdTags(document, window, NOTHING_ALLOWED);
    expect(scripts()).toEqual([]);
    expect(win.fbq).toBeUndefined();
  });

  it('load the pixel with marketing and Clarity with analytics, each once', () => {
    configure();
    loadAdTags(document, window, { ...NOTHING_ALLOWED, marketing: true });
    expect(scripts()).toEqual(['http://127.0.0.1:9/fbevents.js']);
    expect(win.fbq!.queue).toEqual([
      ['init', '1234567890'],
      ['track', 'PageView'],
    ]);
    loadAdTags(document, window, EVERYTHING_ALLOWED);
    expect(scripts()).toEqual([
      'http://127.0.0.1:9/fbevents.js',
      'http://127.0.0.1:9/tag/abc123xyz',
    ]);
  });

  it('track the Lead on the thank-you page with the lead’s ID as the event’s', () => {
    configure();
    document.body.innerHTML = '<div data-lead-event></div>';
    window.history.replaceState(
      null,
      '',
      '/sv/book-call/thank-you?lead=0B7A3C1E-5D2F-4A6B-9C8D-1E2F3A4B5C6D',
    );
    loadAdTags(document, window, EVERYTHING_ALLOWED);
    expect(win.fbq!.queue).toContainEqual([
      'track',
      'Lead',
      {},
      { eventID: '0b7a3c1e-5d2f-4a6b-9c8d-1e2f3a4b5c6d' },
    ]);
  });

  it('load nothing that is not configured', () => {
    loadAdTags(document, window, EVERYTHING_ALLOWED);
    expect(scripts()).toEqual([]);
  });
});
