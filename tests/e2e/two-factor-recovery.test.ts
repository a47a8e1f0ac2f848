// Two-factor recovery in a real browser: a member adds a backup authenticator app on the account
// page and signs in with it; an administrator who confirmed their own sign-in resets the apps of
// a colleague who lost theirs, who is told by mail and signs in with the password alone; the
// team's history says who did it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { timeStep, totpCode } from '#server/supabase/auth/mfa/totp.ts';
import { mailsTo } from '../support/auth-mail.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { gotoHydrated, pagePerTest } from '../support/browser.ts';
import { addSiteUser } from '../support/site.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const PASSWORD = 'a-long-enough-password';
const { site, browser } = siteAndBrowserPerFile();
const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });

async function signIn(page: Page, email: string) {
  await gotoHydrated(page, `${site.url}/login`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Your Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Adds an app named `name` on the open account page; its code maker. */
async function addApp(page: Page, name: string, button: string) {
  await page.getByLabel('Name of this app').fill(name);
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('img', { name: /QR code/ }).waitFor();
  const secret = (await page.locator('code.admin-secret').textContent())!;
  let step = timeStep(Date.now());
  const code = () => totpCode(secret, step++);
  await page.getByLabel('6-digit code').fill(code());
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await page.getByRole('button', { name: `Remove ${name}` }).waitFor();
  return code;
}

async function openAccount(page: Page) {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Account' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
}

describe('two-factor recovery', () => {
  it('lets a member sign in with a backup app, and an administrator reset a lost one', async () => {
    const { page } = browsing;
    await addSiteUser(site, 'writer@example.com', PASSWORD, 'editor');
    await addSiteUser(site, 'boss@example.com', PASSWORD, 'admin');

    await signIn(page, 'writer@example.com');
    await page.waitForURL(`${site.url}/admin`);
    await openAccount(page);
    await addApp(page, 'Phone', 'Set up an authenticator app');
    const backup = await addApp(page, 'Tablet', 'Add a backup authenticator app');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${site.url}/`);

    // The phone is lost: the tablet's code lets the writer in.
    await signIn(page, 'writer@example.com');
    await page.getByLabel('Authenticator app').selectOption({ label: 'Tablet' });
    await page.getByLabel('6-digit code').fill(backup());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${site.url}/`);

    // Both are lost: an administrator at aal2 resets them.
    await signIn(page, 'boss@example.com');
    await page.waitForURL(`${site.url}/admin`);
    await openAccount(page);
    await addApp(page, 'Boss phone', 'Set up an authenticator app');
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Team' })
      .click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Reset two-factor of writer@example.com' }).click();
    await page.getByText(/^The authenticator apps of writer@example.com are removed\./).waitFor();
    const history = page.getByRole('table', { name: 'Changes to the team, newest first' });
    const line = history.getByRole('row', { name: /Reset the two-factor sign-in of writer/ });
    expect(await line.textContent()).toContain('boss@example.com');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${site.url}/`);

    const subjects = (await mailsTo(site, 'writer@example.com')).map((mail) => mail.subject);
    expect(subjects).toContain('A two-factor sign-in method was removed from your account');
    await signIn(page, 'writer@example.com');
    await page.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();
  });
});
