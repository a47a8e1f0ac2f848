// Chromium for browser tests: the machine's own (apt-get install chromium), driven by
// playwright-core, which downloads no browser of its own.
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Response,
} from 'playwright-core';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * Opens a page and waits until React has hydrated it (the header's menu button is enabled only
 * then), so clicks exercise the app rather than plain links.
 */
export async function gotoHydrated(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await page.waitForSelector('button.menu-button:not([disabled])', { state: 'attached' });
  return response;
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
