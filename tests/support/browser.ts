// Chromium for browser tests: the one the suite brings from the npm registry (chromium.ts),
// driven by playwright-core, which downloads no browser of its own.
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
  type Response,
} from 'playwright-core';
import { afterEach, beforeEach, expect } from 'vitest';
import { chromiumExecutable } from './chromium.ts';
import { SITE_ADMIN_EMAIL, SITE_ADMIN_PASSWORD } from './site.ts';

/** The flags every browser of the project runs Chromium with. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = await chromiumExecutable();
  return chromium.launch({ executablePath, headless: true, args: chromiumArgs });
}

/**
 * Opens a page and waits until its scripts have taken over: the header's menu button is enabled
 * (by React where the page hydrates) and <html data-enhanced> says the site's own script, with
 * the booking form's, is in place. Clicks then exercise the scripts rather than plain links.
 */
export async function gotoHydrated(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await page.waitForSelector('button.menu-button:not([disabled])', { state: 'attached' });
  await page.waitForSelector('html[data-enhanced]', { state: 'attached' });
  return response;
}

/**
 * Waits until the page has loaded and passed the moment its deferred sign-up frames go in
 * (app/enhance/frames.ts: after the load event, the next paint and one task): a frame that is not
 * in the page then is not going to be put there.
 */
export async function pastDeferredFrames(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  // Queued after the site's own callbacks, so it runs after them.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
  );
}

/**
 * Follows the requests the page makes from now on. `settled()` then waits, instead of a quiet
 * spell of the network, until the page has done what it does by itself: every request it made
 * answered (finished or failed), its fonts in, and its load, next paint and frames' moment past.
 */
export function followRequests(page: Page): { settled(): Promise<void> } {
  const pending = new Set<Request>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return {
    async settled() {
      await pastDeferredFrames(page);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await expect
        .poll(() => [...pending].map((request) => request.url()), { timeout: 15_000 })
        .toEqual([]);
      // What the last answers bring is laid out and painted.
      await pastDeferredFrames(page);
    },
  };
}

/**
 * Signs in through the /login form as the site's administrator, as a person would, and waits for
 * the blog manager the form leads to.
 */
export async function signInThroughForm(
  page: Page,
  siteUrl: string,
  password = SITE_ADMIN_PASSWORD,
): Promise<void> {
  await gotoHydrated(page, `${siteUrl}/login`);
  await page.getByLabel('Email address').fill(SITE_ADMIN_EMAIL);
  await page.getByLabel('Your Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${siteUrl}/admin`);
  await page.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();
}

/**
 * Collects uncaught errors and console errors (hydration mismatches among them) of every page in
 * the context. The browser's own note on a 404 document is expected on not-found pages, so it is
 * left out.
 */
export function collectPageErrors(context: BrowserContext): string[] {
  const errors: string[] = [];
  context.on('weberror', (error) => errors.push(error.error().message));
  context.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  return errors;
}

/** The browser context, its first page and the errors its pages have logged, for one test. */
export interface PagePerTest {
  readonly context: BrowserContext;
  readonly page: Page;
  /** What collectPageErrors has gathered so far; a test that expects an error may empty it. */
  readonly errors: string[];
}

/**
 * A fresh context with these options (or those a function answers when the test starts, for
 * options known only then, such as a signed-in storage state), and a page in it, for every test of the enclosing describe
 * (or file): after the test the context closes, and the test fails if any of its pages logged an
 * error. Read the properties inside tests and hooks, where they belong to the running test.
 */
export function pagePerTest(
  browser: () => Browser,
  options: BrowserContextOptions | (() => BrowserContextOptions),
): PagePerTest {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let errors: string[] = [];

  beforeEach(async () => {
    context = await browser().newContext(typeof options === 'function' ? options() : options);
    errors = collectPageErrors(context);
    page = await context.newPage();
  });

  afterEach(async () => {
    if (!context) return; // beforeEach failed before there was one, and has said why
    const closing = context;
    context = page = undefined;
    await closing.close();
    expect(errors).toEqual([]);
  });

  const missing = () => new Error('pagePerTest: read this inside a test, not while describing it');
  return {
    get context() {
      if (!context) throw missing();
      return context;
    },
    get page() {
      if (!page) throw missing();
      return page;
    },
    get errors() {
      return errors;
    },
  };
}
