// The browser tests' fixture: one site (with the file's own settings) and one Chromium per test
// file, started before its first test and stopped after its last; each test still opens its own
// browser context (pagePerTest in browser.ts), so no cookie or storage crosses from one to the
// next. Files do not share one Chromium: a launch costs about a tenth of a second.
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, signInThroughForm } from './browser.ts';
import { startSite, type RunningSite, type StartSiteOptions } from './site.ts';

/**
 * The site's settings (startSite's, over its own defaults), or a function that answers them when
 * the site starts, for a setting known only then (the address of a server another hook starts).
 */
export type SiteSettings = Record<string, string> | (() => Record<string, string>);

const settingsNow = (env: SiteSettings) => (typeof env === 'function' ? env() : env);

export interface SiteAndBrowser {
  /** The running site; its properties may be read inside tests and hooks. */
  readonly site: RunningSite;
  /** The file's Chromium; its methods may be called inside tests and hooks. */
  readonly browser: Browser;
}

/**
 * Stands for a value a beforeAll hook makes: reading a property before the hook has run (while
 * describing the tests) throws, after it the property is the value's own (methods bound to it).
 */
function startedLater<T extends object>(name: string, current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, property) {
      const value = current();
      if (!value) throw new Error(`${name} is started in beforeAll: read it inside a test or hook`);
      const member: unknown = Reflect.get(value, property, value);
      return typeof member === 'function' ? (member as () => unknown).bind(value) : member;
    },
  });
}

/**
 * Starts the site with these settings and Chromium before
 * the file's tests, side by side, and stops both after them.
 */
export function siteAndBrowserPerFile(
  env: SiteSettings = {},
  options: StartSiteOptions = {},
): SiteAndBrowser {
  let site: RunningSite | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(settingsNow(env), options), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });
  return {
    site: startedLater('The site', () => site),
    browser: startedLater('The browser', () => browser),
  };
}

/** Starts the site with these settings before the file's tests and stops it after them. */
export function sitePerFile(env: SiteSettings = {}, options: StartSiteOptions = {}): RunningSite {
  let site: RunningSite | undefined;
  beforeAll(async () => {
    site = await startSite(settingsNow(env), options);
  });
  afterAll(async () => {
    await site?.stop();
  });
  return startedLater('The site', () => site);
}

/** The cookies and local storage a context starts with (BrowserContextOptions.storageState). */
export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * Signs in through the /login form once, in a context of its own, and answers the cookies and
 * local storage it leaves: a context made with `{ storageState }` starts signed in as the site's
 * administrator, without going through the form again.
 */
export async function signedInState(browser: Browser, siteUrl: string): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    await signInThroughForm(await context.newPage(), siteUrl);
    return await context.storageState();
  } finally {
    await context.close();
  }
}
