// The agency's details in a real browser: an administrator replaces the placeholder company details
// on /admin/settings. The form checks each field beside it (the organisation number's check digit
// among them), saving empties the page cache so the footer and the privacy policy show the new
// details at once. The banner's steps are admin-layout.test.ts's. An editor has no Settings.
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { pagePerTest, signInThroughForm } from '../support/browser.ts';
import { addSiteUser } from '../support/site.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const { site, browser } = siteAndBrowserPerFile();

const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });

/** A page as a visitor gets it (through the page cache). */
async function publicText(path: string): Promise<string> {
  const response = await fetch(`${site.url}${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

describe('/admin/settings', () => {
  it('checks each field, saves, and every page shows the new details at once', async () => {
    // Warm the page cache with the placeholders.
    expect(await publicText('/privacy-policy')).toContain('559000-0000');
    expect(await publicText('/sv')).toContain('Exempelgatan 1');

    const { page } = browsing;
    await signInThroughForm(page, site.url);
    await page.getByText('Visitors still see placeholder company details').waitFor();
    await page.getByRole('link', { name: 'Organisation number' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    const orgNumber = page.getByLabel('Organisation number');
    await orgNumber.fill('556677-8891');
    await page.getByLabel('Contact e-mail').fill('not an address');
    await page.getByLabel('Facebook page (optional)').fill('http://facebook.com/plain');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Some fields need attention').waitFor();
    expect(await orgNumber.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('wrong check digit').count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Contact e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Facebook page (optional)').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    // Nothing was saved: the public pages still show the placeholders.
    expect(await publicText('/privacy-policy')).toContain('559000-0000');

    await page.getByLabel('Legal name').fill('Berg & Lind Marknadsföring AB');
    await orgNumber.fill('556036-0793');
    await page.getByLabel('Street address').fill('Storgatan 12');
    await page.getByLabel('Postal code').fill('411 38');
    await page.getByLabel('City').fill('Göteborg');
    await page.getByLabel('Contact e-mail').fill('hej@bergochlind.se');
    await page.getByLabel('Phone (optional)').fill('031-123 45 67');
    await page.getByLabel('Facebook page (optional)').fill('https://www.facebook.com/bergochlind');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved. Every page now shows them.').waitFor();

    const policy = await publicText('/privacy-policy');
    expect(policy).toContain('556036-0793');
    expect(policy).toContain('Storgatan 12');
    expect(policy).not.toContain('559000-0000');
    const swedishHome = await publicText('/sv');
    expect(swedishHome).toContain('Berg &amp; Lind Marknadsföring AB');
    expect(swedishHome).toContain('hej@bergochlind.se');
    expect(swedishHome).toContain('https://www.facebook.com/bergochlind');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await orgNumber.inputValue()).toBe('556036-0793');
  });

  it('is for administrators only', async () => {
    await addSiteUser(site, 'writer@example.com', 'a-long-enough-password', 'editor');
    const { page } = browsing;
    await page.goto(`${site.url}/login`);
    await page.getByLabel('Email address').fill('writer@example.com');
    await page.getByLabel('Your Password').fill('a-long-enough-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${site.url}/admin`);
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await nav.waitFor();
    expect(await nav.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    // Nor the statistics: the funnel counts leads, which editors never see.
    expect(await nav.getByRole('link', { name: 'Insights' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Availability' }).count()).toBe(0);
    await page.goto(`${site.url}/admin/settings`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByLabel('Organisation number').count()).toBe(0);
  });
});
