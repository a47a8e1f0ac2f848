// The team and the account in a real browser: the admin pages' own header, the team page (invite by
// e-mail, the invitation's link to a first password, change a role, remove a member), the account
// page (password, address change through the links mailed to both addresses, two-factor sign-in
// with a code computed from the QR code's secret) and the second step of signing in, each checked
// with axe.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { timeStep, totpCode } from '#server/supabase/auth/mfa/totp.ts';
import { linkIn, mailsTo } from '../support/auth-mail.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { gotoHydrated, pagePerTest, signInThroughForm } from '../support/browser.ts';
import { addSiteUser } from '../support/site.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const PASSWORD = 'a-long-enough-password';
const { site, browser } = siteAndBrowserPerFile();

beforeAll(async () => {
  await addSiteUser(site, 'two-factor@example.com', PASSWORD, 'editor');
});

const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });

async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await gotoHydrated(page, `${site.url}/login`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Your Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${site.url}/admin`);
}

async function openTeam(page: Page): Promise<void> {
  await signInThroughForm(page, site.url);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Team' })
    .click();
  await page.getByRole('table', { name: /Members of the team/ }).waitFor();
}

describe('the admin pages', () => {
  it('have their own lean header instead of the marketing header and footer', async () => {
    const { page } = browsing;
    await signInThroughForm(page, site.url);
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      expect.stringMatching(/^Leads/),
      'Blog posts',
      'Availability',
      'Insights',
      'Team',
      'Settings',
      'Account',
    ]);
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Book a free strategy call' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);
  });
});

describe('the team page', () => {
  it('invites a colleague, whose mailed link sets a password and opens the admin pages', async () => {
    const { page } = browsing;
    await openTeam(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('E-mail address').fill('colleague@example.com');
    await page.getByLabel('Role', { exact: true }).selectOption('editor');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page
      .getByText('Invitation sent to colleague@example.com. The link in it lets them choose')
      .waitFor();
    const row = page
      .getByRole('table', { name: /Members of the team/ })
      .getByRole('row', { name: /colleague@example.com/ });
    expect(await row.textContent()).toContain('not signed in yet');

    const [mail] = await mailsTo(site, 'colleague@example.com');
    const invited = await browser.newContext();
    try {
      const newcomer = await invited.newPage();
      await newcomer.goto(linkIn(mail!));
      await newcomer.getByRole('form', { name: 'Choose your password' }).waitFor();
      expect(await accessibilityViolations(newcomer)).toEqual([]);
      await newcomer.getByLabel('New password').fill('the-colleagues-password');
      await newcomer.getByRole('button', { name: 'Save password and continue' }).click();
      await newcomer.waitForURL(`${site.url}/admin`);
      await newcomer.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();
      const nav = newcomer.getByRole('navigation', { name: 'Admin sections' });
      expect(await nav.getByRole('link').allTextContents()).toEqual(['Blog posts', 'Account']);
    } finally {
      await invited.close();
    }
  });

  it('changes a member’s role and removes a member after the confirm dialog', async () => {
    const { page } = browsing;
    await addSiteUser(site, 'temporary@example.com', PASSWORD, 'editor');
    await openTeam(page);
    await page
      .getByRole('combobox', { name: 'Role of temporary@example.com' })
      .selectOption('admin');
    await page.getByText('temporary@example.com is now an administrator.').waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Remove temporary@example.com from the team' }).click();
    await page.getByText('temporary@example.com has been removed from the team.').waitFor();
    const members = page.getByRole('table', { name: /Members of the team/ });
    expect(await members.getByRole('row', { name: /temporary@example.com/ }).count()).toBe(0);
    const history = page.getByRole('table', { name: 'Changes to the team, newest first' });
    await history.getByText('Removed temporary@example.com from the team').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('reads well on a phone', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await phone.newPage();
      await openTeam(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      expect(await accessibilityViolations(page)).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});

describe('the account page and two-factor sign-in', () => {
  it('turns on two-factor sign-in, then asks for a code at the next sign-in', async () => {
    const { page } = browsing;
    await signIn(page, 'two-factor@example.com');
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await page.getByText('Two-factor sign-in is off.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const qr = page.getByRole('img', { name: /QR code/ });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    const secret = (await page.locator('code.admin-secret').textContent())!;
    let step = timeStep(Date.now());
    const code = () => totpCode(secret, step++);
    await page.getByLabel('6-digit code').fill(code());
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByText('Two-factor sign-in is on. Next time you sign in').waitFor();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${site.url}/`);
    await signIn(page, 'two-factor@example.com');
    await page.getByRole('heading', { level: 1, name: 'Confirm it is you' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create New Post' }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not the right one.', { exact: false }).waitFor();
    browsing.errors.length = 0; // the refused code's 4xx, logged by the browser
    await page.getByLabel('6-digit code').fill(code());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();
  });

  it('changes the address once the links mailed to both addresses are opened', async () => {
    const { page } = browsing;
    await addSiteUser(site, 'moving@example.com', PASSWORD, 'editor');
    await signIn(page, 'moving@example.com');
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByText('You sign in as moving@example.com.').waitFor();
    await page.getByLabel('New e-mail address').fill('moved@example.com');
    await page.getByRole('button', { name: 'Change e-mail address' }).click();
    await page
      .getByText(
        'Check both inboxes: the change to moved@example.com takes effect when you open the confirmation links we sent to it and to your current address.',
      )
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    const [toCurrent] = await mailsTo(site, 'moving@example.com');
    const [toNew] = await mailsTo(site, 'moved@example.com');
    expect(toCurrent!.subject).toBe('Confirm the change of your e-mail address');
    expect(toNew!.subject).toBe('Confirm your new e-mail address');
    await page.goto(linkIn(toCurrent!));
    await page.waitForURL(/\/admin\/account#message=Confirmation\+link\+accepted/);
    await page
      .getByRole('status')
      .getByText('The first confirmation link is accepted.', { exact: false })
      .waitFor();
    await page.getByText('You sign in as moving@example.com.').waitFor();
    await page.goto(linkIn(toNew!));
    await page.getByText('You sign in as moved@example.com.').waitFor();
    // A link that was used says so on the page it opens.
    await page.goto(linkIn(toNew!));
    await page
      .getByRole('alert')
      .getByText(/^This confirmation link has expired or has already been used/)
      .waitFor();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${site.url}/`);
    await signIn(page, 'moved@example.com');
  });

  it('changes the password, which then signs in', async () => {
    const { page } = browsing;
    await addSiteUser(site, 'changer@example.com', PASSWORD, 'editor');
    await signIn(page, 'changer@example.com');
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByLabel('New password', { exact: true }).fill('an-even-better-password');
    await page.getByLabel('Repeat the new password').fill('an-even-better-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${site.url}/`);
    await signIn(page, 'changer@example.com', 'an-even-better-password');
  });
});
