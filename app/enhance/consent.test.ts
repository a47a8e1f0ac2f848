// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enhanceConsent } from './consent';

let controller: AbortController;
beforeEach(() => {
  controller = new AbortController();
});
afterEach(() => {
  controller.abort();
  document.body.innerHTML = '';
  document.cookie = 'cookie_consent=; max-age=0';
});

const page = `
  <section data-cookie-banner>
    <form method="post" action="/cookie-settings" data-consent-form>
      <input type="hidden" name="source" value="banner">
      <fieldset data-consent-categories hidden>
        <input type="checkbox" name="allow" value="analytics">
        <input type="checkbox" name="allow" value="marketing">
      </fieldset>
      <button name="choice" value="accept-all">Accept all</button>
      <a href="/cookie-settings" data-consent-choose>Choose</a>
      <button name="choice" value="save" data-consent-save hidden>Save</button>
      <p data-consent-status data-failed="Could not save."></p>
    </form>
  </section>
  <main id="main" tabindex="-1"></main>
  <div data-consent-frame><form data-consent-form action="/cookie-settings" method="post">
    <input type="hidden" name="source" value="frame">
    <button name="choice" value="allow-marketing">Load</button>
  </form><template><iframe src="https://forms.example/f" title="Form"></iframe></template></div>
  <a href="/cookie-settings" data-cookie-settings>Cookie settings</a>`;

/** A fetch that answers as the endpoint does: sets the cookie, then an opaque redirect. */
function endpoint(cookie: string | undefined) {
  return vi.fn(async (_url: string, init: RequestInit) => {
    if (!cookie) return { type: 'basic', status: 500 } as Response;
    document.cookie = `cookie_consent=${cookie}`;
    void init;
    return { type: 'opaqueredirect', status: 0 } as Response;
  });
}

const flush = () => new Promise((resolve) => setTimeout(resolve));

describe('enhanceConsent', () => {
  it('opens the categories with Choose, and the banner again from Cookie settings', () => {
    document.body.innerHTML = page;
    enhanceConsent(
      document,
      { fetch: endpoint('x'), chosen: vi.fn(), reload: vi.fn() },
      controller.signal,
    );
    const banner = document.querySelector<HTMLElement>('[data-cookie-banner]')!;
    document.querySelector<HTMLAnchorElement>('[data-consent-choose]')!.click();
    expect(document.querySelector('fieldset')!.hidden).toBe(false);
    expect(document.querySelector<HTMLElement>('[data-consent-save]')!.hidden).toBe(false);
    banner.hidden = true;
    document.querySelector<HTMLAnchorElement>('[data-cookie-settings]')!.click();
    expect(banner.hidden).toBe(false);
  });

  it('sends the form’s own post with the button pressed, then closes the banner', async () => {
    document.body.innerHTML = page;
    const fetch = endpoint('accepted');
    const chosen = vi.fn();
    enhanceConsent(document, { fetch, chosen, reload: vi.fn() }, controller.signal);
    document.querySelector<HTMLButtonElement>('button[value="accept-all"]')!.click();
    await flush();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toMatch(/\/cookie-settings$/);
    expect(String(init.body)).toBe('source=banner&choice=accept-all');
    expect(init.redirect).toBe('manual');
    expect(chosen).toHaveBeenCalledWith({ analytics: true, marketing: true, preferences: true });
    expect(document.querySelector<HTMLElement>('[data-cookie-banner]')!.hidden).toBe(true);
    // Marketing allowed: the waiting frame takes its place, the banner's boxes show the choice.
    expect(document.querySelector('[data-deferred-frame] > iframe')!.getAttribute('src')).toBe(
      'https://forms.example/f',
    );
    expect(
      [...document.querySelectorAll<HTMLInputElement>('fieldset input')].map((box) => box.checked),
    ).toEqual([true, true]);
  });

  it('says so when the choice could not be saved, and keeps the banner', async () => {
    document.body.innerHTML = page;
    enhanceConsent(
      document,
      { fetch: endpoint(undefined), chosen: vi.fn(), reload: vi.fn() },
      controller.signal,
    );
    document.querySelector<HTMLButtonElement>('button[value="accept-all"]')!.click();
    await flush();
    expect(document.querySelector('[data-consent-status]')!.textContent).toBe('Could not save.');
    expect(document.querySelector<HTMLElement>('[data-cookie-banner]')!.hidden).toBe(false);
    expect(document.querySelector('[data-consent-frame] > template')).not.toBeNull();
  });
});
