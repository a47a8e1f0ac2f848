// Every public page in both languages, in a real browser: nothing moves while the page loads and
// hydrates (no layout shift), and axe-core finds no WCAG 2.1
// A/AA violation (labels, contrast, landmarks, names, ARIA).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import {
  followRequests,
  gotoHydrated,
  pagePerTest,
  signInThroughForm,
} from '../support/browser.ts';
import { englishPagePaths, swedishPagePaths } from '../support/pages.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const { site, browser } = siteAndBrowserPerFile({ SEED_DEMO: 'true' });

/** What the page records of its layout shifts. */
interface Shifts {
  layoutShift: number;
  /** Each shift's moved elements: the start of their markup and where they were and went. */
  shiftedNodes: string[];
}

/**
 * Sums every layout shift of the page from its first paint on (buffered), and notes what moved,
 * so that a shift seen once says where it was.
 */
const recordLayoutShifts = () => {
  const w = window as unknown as Shifts;
  w.layoutShift = 0;
  w.shiftedNodes = [];
  type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
  type Shift = PerformanceEntry & { value: number; sources?: Source[] };
  const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      w.layoutShift += entry.value;
      for (const { node, previousRect, currentRect } of entry.sources ?? []) {
        const markup = node instanceof Element ? node.outerHTML : (node?.nodeName ?? '?');
        w.shiftedNodes.push(
          `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ` +
            `${markup.slice(0, 120)} from ${rect(previousRect)} to ${rect(currentRect)}`,
        );
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

/** The page's layout shift so far; what moved is the assertion's message. */
async function expectNoLayoutShift(page: Page) {
  const { layoutShift, shiftedNodes } = await page.evaluate(() => {
    const { layoutShift, shiftedNodes } = window as unknown as Shifts;
    return { layoutShift, shiftedNodes };
  });
  expect(layoutShift, shiftedNodes.join('\n')).toBe(0);
}

describe.each([
  ['a phone', { width: 360, height: 780 }],
  ['a wide screen', { width: 1280, height: 900 }],
])('on %s', (_, viewport) => {
  const browsing = pagePerTest(() => browser, { viewport });

  it.each([...englishPagePaths, ...swedishPagePaths, '/login'])(
    '%s loads and hydrates without layout shift and without accessibility violations',
    async (path) => {
      const { page } = browsing;
      const requests = followRequests(page);
      await page.addInitScript(recordLayoutShifts);
      await gotoHydrated(page, site.url + path);
      await requests.settled();
      await expectNoLayoutShift(page);

      expect(await accessibilityViolations(page)).toEqual([]);
    },
  );
});

describe('on a slow connection', () => {
  const browsing = pagePerTest(() => browser, { viewport: { width: 360, height: 780 } });
  let proxy: http.Server;
  let proxyUrl: string;

  // Serves the site, but sends each page in two parts with a pause in the middle of the header's
  // brand, as a slow network or a busy phone's parser may: the browser could paint the half.
  beforeAll(async () => {
    proxy = http.createServer(async (request, response) => {
      const upstream = await fetch(site.url + request.url, {
        headers: { accept: request.headers.accept ?? '*/*' },
      });
      const type = upstream.headers.get('content-type') ?? '';
      response.writeHead(upstream.status, { 'content-type': type });
      const body = await upstream.text();
      const cut = body.indexOf('class="brand__name"');
      if (!type.startsWith('text/html') || cut < 0) return response.end(body);
      response.write(body.slice(0, cut));
      setTimeout(() => response.end(body.slice(cut)), 700);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => proxy?.close(() => resolve())));

  it.each(['/sv/blog', '/book-call'])(
    '%s paints its header whole, so nothing in it moves when the rest arrives',
    async (path) => {
      const { page } = browsing;
      const requests = followRequests(page);
      await page.addInitScript(recordLayoutShifts);
      await gotoHydrated(page, proxyUrl + path);
      await requests.settled();
      await expectNoLayoutShift(page);
    },
  );
});

describe('the blog manager', () => {
  const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });

  it('has no accessibility violations in its list, its form and its preview', async () => {
    const { page } = browsing;
    await signInThroughForm(page, site.url);
    await page.getByRole('article').first().waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create New Post' }).click();
    await page.getByLabel('Title', { exact: true }).fill('A title');
    await page
      .getByLabel('Content', { exact: false })
      .first()
      .fill('## Heading\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    await page.getByRole('button', { name: /Show Preview/ }).click();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

describe('the scripts a page loads', () => {
  const browsing = pagePerTest(() => browser, { viewport: { width: 360, height: 780 } });
  const needReact = ['/login'];
  const bookingPages = ['/book-call', '/sv/book-call'];

  /** The scripts `path` loads (address and bytes sent), once the page has settled. */
  async function scriptsOf(path: string): Promise<Array<{ path: string; bytes: number }>> {
    const { page } = browsing;
    const requests = followRequests(page);
    const scripts: Array<Promise<{ path: string; bytes: number }>> = [];
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      const path = new URL(request.url()).pathname;
      scripts.push(request.sizes().then((sizes) => ({ path, bytes: sizes.responseBodySize })));
    });
    await gotoHydrated(page, site.url + path);
    await requests.settled();
    expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
    return Promise.all(scripts);
  }

  it.each(
    [...englishPagePaths, ...swedishPagePaths].filter(
      (path) => !needReact.includes(path) && !bookingPages.includes(path),
    ),
  )('%s loads no React, only the site’s own small script', async (path) => {
    const scripts = await scriptsOf(path);
    expect(scripts.map((script) => script.path)).toEqual([
      expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/),
    ]);
    // Sent compressed: a couple of kB, against the 80 kB budget (docs/decisions/0007).
    expect(scripts[0]!.bytes).toBeLessThan(4 * 1024);
  });

  it.each(bookingPages)('%s loads no React: the site’s script and its form’s', async (path) => {
    const scripts = await scriptsOf(path);
    const paths = scripts.map((script) => script.path);
    expect(paths).toHaveLength(2);
    expect(paths).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/enhance-enhance-form-[\w-]+\.js$/),
      ]),
    );
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    expect(total).toBeLessThan(8 * 1024);
  });

  it.each([...englishPagePaths, ...swedishPagePaths].filter((path) => !needReact.includes(path)))(
    '%s carries its styles inside its HTML, so no stylesheet holds up the first paint',
    async (path) => {
      const { page } = browsing;
      const stylesheets: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
      });
      await gotoHydrated(page, site.url + path);
      expect(stylesheets).toEqual([]);
      // The site's own rules are in force: app.css places the header.
      expect(
        await page.locator('.site-header').evaluate((header) => getComputedStyle(header).position),
      ).not.toBe('static');
    },
  );

  it('links the stylesheets of a page that runs React, as React expects', async () => {
    const response = await fetch(`${site.url}/login`);
    expect(await response.text()).toMatch(
      /<link rel="stylesheet" href="\/assets\/app-[\w-]+\.css"\/>/,
    );
  });

  it.each(needReact)('%s runs React, which its form needs', async (path) => {
    const { page } = browsing;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await gotoHydrated(page, site.url + path);
    expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/entry\.client-[\w-]+\.js$/));
  });
});
