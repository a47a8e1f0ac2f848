// The site's frame in a real browser: language from the path, the EN/SV toggle, the small-screen
// menu, localized 404 pages, and server-rendered HTML that needs no script.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoHydrated, pagePerTest } from '../support/browser.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const { site, browser } = siteAndBrowserPerFile();

const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');

describe('the server-rendered HTML', () => {
  it('carries the header labels and the language of the path', async () => {
    const english = await (await fetch(`${site.url}/`)).text();
    expect(english).toContain('<html lang="en"');
    for (const label of ['Read our Blog', 'Join our Newsletter', 'Book a Call'])
      expect(english).toContain(label);

    const swedish = await (await fetch(`${site.url}/sv`)).text();
    expect(swedish).toContain('<html lang="sv"');
    for (const label of ['Läs vår blogg', 'Gå med i vårt nyhetsbrev', 'Boka ett samtal'])
      expect(swedish).toContain(label);
    expect(swedish).not.toContain('Read our Blog');
  });

  it('answers unknown paths with 404 and a not-found page in the language of the path', async () => {
    const english = await fetch(`${site.url}/nope`);
    expect(english.status).toBe(404);
    expect(await english.text()).toContain('Page not found');

    const swedish = await fetch(`${site.url}/sv/nope`);
    expect(swedish.status).toBe(404);
    const html = await swedish.text();
    expect(html).toContain('<html lang="sv"');
    expect(html).toContain('Sidan hittades inte');
  });
});

describe('on a wide screen', () => {
  const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 800 } });

  it('sets the html lang from the path', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/`);
    expect(await htmlLang(page)).toBe('en');
    await gotoHydrated(page, `${site.url}/sv`);
    expect(await htmlLang(page)).toBe('sv');
  });

  it('switches between English and Swedish with the toggle, staying on the same page', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/`);
    await page.getByRole('link', { name: 'SV', exact: true }).click();
    await page.waitForURL(`${site.url}/sv`);
    await page
      .getByRole('heading', { level: 1, name: 'Fyll din kalender med kvalitetsleads på 30 dagar' })
      .waitFor();
    expect(await htmlLang(page)).toBe('sv');

    await page.getByRole('link', { name: 'EN', exact: true }).click();
    await page.waitForURL(`${site.url}/`);
    await page
      .getByRole('heading', { level: 1, name: 'Fill Your Calendar With Quality Leads in 30 Days' })
      .waitFor();
    expect(await htmlLang(page)).toBe('en');

    await gotoHydrated(page, `${site.url}/blog`);
    await page.getByRole('link', { name: 'SV', exact: true }).click();
    await page.waitForURL(`${site.url}/sv/blog`);
    await page.getByRole('heading', { level: 1, name: 'Marknadsföringsinsikter & tips' }).waitFor();
    expect(await page.getByRole('link', { name: 'Läs vår blogg' }).getAttribute('href')).toBe(
      '/sv/blog',
    );
  });

  it('shows the not-found page in the visitor’s language with status 404', async () => {
    const { page } = browsing;
    const english = await page.goto(`${site.url}/nope`);
    expect(english?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();

    const swedish = await page.goto(`${site.url}/sv/nope`);
    expect(swedish?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Sidan hittades inte' }).waitFor();
    expect(await htmlLang(page)).toBe('sv');
  });
});

describe('on a small screen (360 px)', () => {
  const browsing = pagePerTest(() => browser, { viewport: { width: 360, height: 740 } });

  it('opens a menu with the header’s items, and closes it on Escape and on navigation', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/sv`);
    const button = page.getByRole('button', { name: 'Meny' });
    const menu = page.getByRole('navigation', { name: 'Huvudmeny' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);

    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    for (const name of [
      'Läs vår blogg',
      'Gå med i vårt nyhetsbrev',
      'EN',
      'SV',
      'Boka ett samtal',
    ]) {
      await menu.getByRole('link', { name, exact: true }).waitFor({ state: 'visible' });
    }

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

    await button.click();
    await menu.getByRole('link', { name: 'Läs vår blogg' }).click();
    await page.waitForURL(`${site.url}/sv/blog`);
    await menu.waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
  });
});
