// The speed budget of issue 8: Lighthouse 13 (its default mobile run, simulated throttling) on
// Debian's Chromium against the built site, for the public pages in both languages. Prints each
// page's four category scores, LCP, TBT, CLS and the JavaScript it transfers, and what held a
// category below 100. Printed, never asserted.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../tests/support/browser.ts';
import { startSite } from '../tests/support/site.ts';

const pages = [
  '/',
  '/sv',
  '/book-call',
  '/sv/book-call',
  '/blog',
  '/sv/blog',
  '/blog/meta-lead-forms-vs-landing-pages',
  '/sv/blog/svara-snabbt-pa-forfragningar',
  '/privacy-policy',
  '/free-meta-ads-guide',
];

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The flags every browser of the project runs with, headless. */
const chromeFlags = ['--headless=new', ...chromiumArgs];

export interface LighthouseRow {
  page: string;
  perf: number;
  a11y: number;
  'best pr.': number;
  seo: number;
  'LCP s': number;
  'TBT ms': number;
  CLS: number;
  'JS kB': number;
}

interface Audit {
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  details?: { items?: Array<{ resourceType?: string; transferSize?: number }> };
}

export async function measureLighthouse(): Promise<{ rows: LighthouseRow[]; misses: string[] }> {
  const site = await startSite({ SEED_DEMO: 'true' });
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
  const rows: LighthouseRow[] = [];
  const misses: string[] = [];
  try {
    for (const page of pages) {
      const run = () =>
        lighthouse(site.url + page, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...categories],
        });
      // A trace now and then misses its navigation start (NO_NAVSTART): run that page again.
      let result = await run();
      if (result?.lhr.runtimeError) result = await run();
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { lhr } = result;
      if (lhr.runtimeError) {
        misses.push(`${page}: not measured (${lhr.runtimeError.code})`);
        continue;
      }
      const audits = lhr.audits as Record<string, Audit>;
      const score = (id: (typeof categories)[number]) =>
        Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const scripts = (audits['network-requests']?.details?.items ?? []).filter(
        (item) => item.resourceType === 'Script',
      );
      const jsBytes = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      rows.push({
        page,
        perf: score('performance'),
        a11y: score('accessibility'),
        'best pr.': score('best-practices'),
        seo: score('seo'),
        'LCP s': Math.round((audits['largest-contentful-paint']?.numericValue ?? 0) / 100) / 10,
        'TBT ms': Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        CLS: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
        'JS kB': Math.round(jsBytes / 102.4) / 10,
      });
      for (const id of categories) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
            misses.push(`${page} ${id}: ${audit.title} (${Math.round(audit.score * 100)})`);
        }
      }
    }
  } finally {
    chrome.kill();
    await site.stop();
  }
  return { rows, misses };
}

export async function printLighthouse(): Promise<void> {
  let measured;
  try {
    measured = await measureLighthouse();
  } catch (error) {
    console.log(`\nLighthouse not measured: ${(error as Error).message}`);
    return;
  }
  console.log(
    '\nLighthouse 13, mobile, simulated throttling, Debian Chromium' +
      '\n(targets: every score 100, LCP ≤ 1.0 s, TBT ≤ 50 ms, CLS 0, JS ≤ 80 kB transferred)\n',
  );
  console.table(measured.rows);
  if (measured.misses.length > 0) {
    console.log('What held a score below 100:');
    for (const miss of measured.misses) console.log(`  ${miss}`);
  }
}

if (import.meta.main) await printLighthouse();
