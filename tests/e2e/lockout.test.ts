// Lockout in a real browser: strangers guessing the administrator's password from elsewhere
// close the account to unknown devices, but the browser the administrator signed in from before
// still gets in with the right password (its device cookie, set by /auth/v1 on sign-in).
import { describe, expect, it } from 'vitest';
import { pagePerTest, signInThroughForm, gotoHydrated } from '../support/browser.ts';
import { SITE_ADMIN_EMAIL, SITE_ADMIN_PASSWORD } from '../support/site.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const { site, browser } = siteAndBrowserPerFile({ SEED_DEMO: 'false' });

const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });

/** Ten wrong passwords for the administrator, each from another outside address. */
async function strangersGuess(): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const response = await fetch(`${site.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: site.anonKey,
        'Content-Type': 'application/json',
        'X-Forwarded-For': `203.0.113.${i + 1}`,
      },
      body: JSON.stringify({ email: SITE_ADMIN_EMAIL, password: `guess number ${i}` }),
    });
    expect(response.status).toBe(400);
  }
}

describe('an attack on the administrator’s password', () => {
  it('does not keep them out of the browser they signed in from before; a new browser waits', async () => {
    const { page, context } = browsing;
    await signInThroughForm(page, site.url);
    const cookies = await context.cookies(`${site.url}/auth/v1/token`);
    expect(cookies.map((cookie) => [cookie.httpOnly, cookie.sameSite, cookie.path])).toEqual([
      [true, 'Strict', '/auth/v1'],
    ]);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${site.url}/`);

    await strangersGuess();

    // A browser that never signed in is refused, in the service's words.
    const stranger = await browser.newContext();
    try {
      const other = await stranger.newPage();
      await gotoHydrated(other, `${site.url}/login`);
      await other.getByLabel('Email address').fill(SITE_ADMIN_EMAIL);
      await other.getByLabel('Your Password').fill(SITE_ADMIN_PASSWORD);
      await other.getByRole('button', { name: 'Sign in', exact: true }).click();
      await other.getByText('Request rate limit reached').waitFor();
      expect(other.url()).toBe(`${site.url}/login`);
    } finally {
      await stranger.close();
    }

    // The administrator's own browser still gets in.
    await signInThroughForm(page, site.url);
  });
});
