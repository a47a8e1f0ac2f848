// The weight of each public page as a first visit loads it: the HTML plus every script and
// stylesheet it references (module preloads included), raw and gzipped.
import { gzipSync } from 'node:zlib';
import { startSite } from '../tests/support/site.ts';

const pages = [
  '/',
  '/sv',
  '/book-call',
  '/book-call/thank-you',
  '/blog',
  '/blog/three-email-welcome-sequence',
  '/sv/blog/svara-snabbt-pa-forfragningar',
  '/newsletter',
  '/newsletter/almost-there',
  '/free-meta-ads-guide',
  '/privacy-policy',
  '/login',
];

interface Weight {
  page: string;
  status: number;
  'html kB': number;
  'js kB (gzip)': number;
  'css kB (gzip)': number;
  'total kB (gzip)': number;
  requests: number;
}

const kB = (bytes: number) => Math.round(bytes / 102.4) / 10;

export async function measurePageWeights(): Promise<Weight[]> {
  const site = await startSite({ SEED_DEMO: 'true' });
  const cache = new Map<string, Buffer>();
  const fetchAsset = async (url: string) => {
    if (!cache.has(url)) cache.set(url, Buffer.from(await (await fetch(url)).arrayBuffer()));
    return cache.get(url)!;
  };
  try {
    const rows: Weight[] = [];
    for (const page of pages) {
      const response = await fetch(site.url + page);
      const html = Buffer.from(await response.arrayBuffer());
      const text = html.toString('utf8');
      const scripts = new Set(
        [...text.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
          (m) => m[1]!,
        ),
      );
      // Module scripts inlined in the HTML import the entry chunks by URL too.
      for (const m of text.matchAll(/import\s*(?:[^'"]*from\s*)?["'](\/assets\/[^"']+\.js)["']/g))
        scripts.add(m[1]!);
      const styles = new Set(
        [...text.matchAll(/<link[^>]+href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]!),
      );
      let js = 0;
      let css = 0;
      for (const s of scripts) js += gzipSync(await fetchAsset(site.url + s)).length;
      for (const s of styles) css += gzipSync(await fetchAsset(site.url + s)).length;
      const htmlGzip = gzipSync(html).length;
      rows.push({
        page,
        status: response.status,
        'html kB': kB(html.length),
        'js kB (gzip)': kB(js),
        'css kB (gzip)': kB(css),
        'total kB (gzip)': kB(htmlGzip + js + css),
        requests: 1 + scripts.size + styles.size,
      });
    }
    return rows;
  } finally {
    await site.stop();
  }
}

if (import.meta.main) {
  console.log('\nPage weight of a first visit (HTML + referenced JS and CSS):');
  console.table(await measurePageWeights());
}
