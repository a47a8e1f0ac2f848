// Every public page in both languages, in a real browser: nothing moves while the page loads and
// hydrates (issue 3: "the client hydrates without layout shift"), and axe-core finds no WCAG 2.1
// A/AA violation (labels, contrast, landmarks, names, ARIA).
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoHydrated, launchBrowser, pagePerTest } from '../support/browser.ts';
import { startSite, type RunningSite } from '../support/site.ts';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ SEED_DEMO: 'true' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const englishPaths = [
  '/',
  '/book-call',
  '/book-call/thank-you',
  '/newsletter',
  '/newsletter/almost-there',
  '/newsletter/thank-you',
  '/free-meta-ads-guide',
  '/blog',
  '/blog/meta-lead-forms-vs-landing-pages',
  '/privacy-policy',
  '/no-such-page',
];
const swedishPaths = [
  '/sv',
  ...englishPaths.slice(1, 8).map((path) => `/sv${path}`),
  '/sv/blog/svara-snabbt-pa-forfragningar',
  '/sv/privacy-policy',
  '/sv/no-such-page',
];

/** Sums every layout shift of the page from its first paint on (buffered). */
const recordLayoutShifts = () => {
  const w = window as unknown as { layoutShift: number };
  w.layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) {
      w.layoutShift += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

describe.each([
  ['a phone', { width: 360, height: 780 }],
  ['a wide screen', { width: 1280, height: 900 }],
])('on %s', (_, viewport) => {
  const browsing = pagePerTest(() => browser, { viewport });

  it.each([...englishPaths, ...swedishPaths, '/login'])(
    '%s loads and hydrates without layout shift and without accessibility violations',
    async (path) => {
      const { page } = browsing;
      await page.addInitScript(recordLayoutShifts);
      await gotoHydrated(page, site.url + path);
      await page.waitForLoadState('networkidle');
      const shift = await page.evaluate(
        () => (window as unknown as { layoutShift: number }).layoutShift,
      );
      expect(shift).toBe(0);

      await page.addScriptTag({ path: axePath });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
        const result = await axe.run(document, {
          runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
        });
        return result.violations.map(
          (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
        );
      });
      expect(violations).toEqual([]);
    },
  );
});
