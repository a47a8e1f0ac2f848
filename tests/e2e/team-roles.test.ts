// Team roles in a real browser: an editor writes the blog but finds no leads, and someone who
// signed in without a role on the team is told so and sees nothing of the admin area.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { gotoHydrated, pagePerTest } from '../support/browser.ts';
import { addSiteUser } from '../support/site.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const PASSWORD = 'a-long-enough-password';
const { site, browser } = siteAndBrowserPerFile({ SEED_DEMO: 'true' });

beforeAll(async () => {
  await addSiteUser(site, 'editor@example.com', PASSWORD, 'editor');
  await addSiteUser(site, 'signed-up@example.com', PASSWORD, null);
});

const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });

async function signIn(page: Page, email: string): Promise<void> {
  await gotoHydrated(page, `${site.url}/login`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Your Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${site.url}/admin`);
}

describe('an editor', () => {
  it('has the blog manager and their account, and no Leads or Team tab', async () => {
    const { page } = browsing;
    await signIn(page, 'editor@example.com');
    await page.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Blog posts', 'Account']);
    expect(await page.getByRole('button', { name: 'Create New Post' }).isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('is told at /admin/leads that leads are for administrators, and led back to the blog', async () => {
    const { page } = browsing;
    await signIn(page, 'editor@example.com');
    await page.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();
    await page.goto(`${site.url}/admin/leads`);
    const heading = page.getByRole('heading', { level: 1, name: 'Leads are for administrators' });
    await heading.waitFor();
    expect(await page.getByText('Loading leads...').count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to Blog posts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();
  });
});

describe('a signed-in user on no team', () => {
  it('is told they have no access, sees no post or lead, and can sign out', async () => {
    const { page } = browsing;
    await signIn(page, 'signed-up@example.com');
    const heading = page.getByRole('heading', { level: 1, name: 'No access to the admin area' });
    await heading.waitFor();
    expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByText('signed-up@example.com is signed in').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Create New Post' }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto(`${site.url}/admin/leads`);
    await page.getByRole('heading', { level: 1, name: 'No access to the admin area' }).waitFor();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${site.url}/`);
  });
});
