// axe-core's audit of a page in the browser, for the accessibility checks of the browser tests.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The part of axe-core's browser global the audit calls. */
interface AxeCore {
  run(context: Document, options: RunOptions): Promise<AxeResults>;
}

/** axe-core's WCAG 2.1 A and AA findings on the page as it is now, one line each. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, not added as a <script>: the page's
  // Content-Security-Policy rightly refuses an inline script it did not send.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: AxeCore }).axe;
    const result = await axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
    });
    return result.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    );
  });
}
