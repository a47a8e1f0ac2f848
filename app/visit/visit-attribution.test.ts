import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as VisitAttributionModule from './visit-attribution';
import type { VisitWindow } from './visit-attribution';

// The in-memory fallback is module state: every test gets a fresh module.
let captureVisitAttribution: typeof VisitAttributionModule.captureVisitAttribution;
let keepVisitAttribution: typeof VisitAttributionModule.keepVisitAttribution;
beforeEach(async () => {
  vi.resetModules();
  ({ captureVisitAttribution, keepVisitAttribution } = await import('./visit-attribution'));
});

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const blockedStorage: Pick<Storage, 'getItem' | 'setItem'> = {
  getItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
};

function tab(storage: Pick<Storage, 'getItem' | 'setItem'>, cookie = 'cookie_consent=accepted') {
  const win: VisitWindow = {
    location: { href: '' },
    document: { referrer: '', cookie },
    sessionStorage: storage,
  };
  return {
    open(href: string, referrer = '') {
      win.location.href = href;
      win.document.referrer = referrer;
      return captureVisitAttribution(win);
    },
  };
}

describe('captureVisitAttribution', () => {
  it('stores nothing before marketing is allowed, and the page’s record once it is', () => {
    const storage = memoryStorage();
    const win: VisitWindow = {
      location: { href: 'https://nordiclead.se/?utm_source=meta' },
      document: { referrer: '', cookie: '' },
      sessionStorage: storage,
    };
    expect(captureVisitAttribution(win)).toEqual({
      utm_source: 'meta',
      landing_page: '/?utm_source=meta',
    });
    expect(storage.getItem('visit-attribution')).toBeNull();
    win.document.cookie = 'cookie_consent=marketing';
    keepVisitAttribution(win);
    expect(JSON.parse(storage.getItem('visit-attribution')!)).toMatchObject({ utm_source: 'meta' });
    // Withdrawn: the next page finds nothing kept.
    win.document.cookie = 'cookie_consent=rejected';
    captureVisitAttribution(win);
    expect(storage.getItem('visit-attribution')).toBeNull();
  });

  it('keeps the first page of the visit: later pages with other parameters do not overwrite it', () => {
    const visit = tab(memoryStorage());
    const first = visit.open(
      'https://nordiclead.se/blog/tips?utm_source=newsletter&utm_campaign=november',
      'https://mail.example.com/',
    );
    expect(first).toEqual({
      utm_source: 'newsletter',
      utm_campaign: 'november',
      referrer: 'https://mail.example.com/',
      landing_page: '/blog/tips?utm_source=newsletter&utm_campaign=november',
    });

    const later = visit.open(
      'https://nordiclead.se/book-call?utm_source=other',
      'https://www.google.com/',
    );
    expect(later).toEqual(first);
  });

  it('records a referrer only when it is another site’s', () => {
    const visit = tab(memoryStorage());
    expect(visit.open('https://nordiclead.se/book-call', 'https://nordiclead.se/')).toEqual({
      landing_page: '/book-call',
    });
  });

  it('cuts what it records to the columns’ limits', () => {
    const visit = tab(memoryStorage());
    const recorded = visit.open(`https://nordiclead.se/?utm_term=${'t'.repeat(500)}`);
    expect(recorded.utm_term).toHaveLength(300);
  });

  it('keeps the record in the tab’s sessionStorage, where a reload finds it', () => {
    const storage = memoryStorage();
    tab(storage).open('https://nordiclead.se/?utm_medium=cpc');
    expect(JSON.parse(storage.getItem('visit-attribution')!)).toEqual({
      utm_medium: 'cpc',
      landing_page: '/?utm_medium=cpc',
    });
  });

  it('falls back to memory when storage is blocked, still first page wins', () => {
    const visit = tab(blockedStorage);
    const first = visit.open('https://nordiclead.se/?utm_source=ig', 'https://instagram.com/');
    expect(visit.open('https://nordiclead.se/book-call')).toEqual(first);
    expect(first.utm_source).toBe('ig');
  });

  it('starts over from the current page when the stored record is unreadable', () => {
    const storage = memoryStorage();
    storage.setItem('visit-attribution', '{not json');
    expect(tab(storage).open('https://nordiclead.se/sv')).toEqual({ landing_page: '/sv' });
  });
});
