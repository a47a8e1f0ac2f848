// Floods of the site's pages from outside, for the page cache's process test and its bench: made-up
// Host headers, unique query strings and ad-click ids, odd spellings of an address and cookies no
// one set, each client forwarded by a trusted proxy as its own address.
import { Agent, request } from 'node:http';
import { randomBytes } from 'node:crypto';

/** An answer as a visitor sees it: the status, whether it came from the cache, and the page. */
export interface PageAnswer {
  status: number;
  /** The Age header: set when the page came from the cache. */
  age: string | null;
  body: string;
}

/** GET `path` from `origin` with these headers; `host` replaces the Host header (fetch cannot). */
export function getPage(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  agent?: Agent,
): Promise<PageAnswer> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const req = request({ hostname: url.hostname, port: url.port, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          age: (res.headers.age as string | undefined) ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const unique = () => randomBytes(6).toString('hex');

/** `/newsletter` → `/NeWsLeTtEr`: the router matches it, a cache keyed by spelling would not. */
function oddSpelling(path: string): string {
  return [...path].map((c) => (Math.random() < 0.5 ? c.toUpperCase() : c)).join('');
}

/**
 * The request a flooding client sends next: most a `GET /` under a Host no one uses, the rest
 * with a unique query string and ad-click id, an odd spelling, or cookies no one set.
 */
export function floodRequest(n: number): { path: string; headers: Record<string, string> } {
  const host = `${unique()}.example`;
  switch (n % 4) {
    case 0:
    case 1:
      return { path: '/', headers: { host } };
    case 2:
      return {
        path: `${oddSpelling('/newsletter')}?q=${unique()}&gclid=${unique()}`,
        headers: { host },
      };
    default:
      return {
        path: `/?fbclid=${unique()}`,
        headers: { host, cookie: `cookie_consent=${unique()}; session_${unique()}=1` },
      };
  }
}

/**
 * `clients` addresses (203.0.113.1 upwards) each sending flood requests one after another until
 * stop(), which answers how many were answered, by status; pageBytes() tells how much of the flood
 * came back as pages (200), what a cache that kept every answer would have to hold.
 */
export function floodPages(origin: string, clients: number) {
  let flooding = true;
  let pageBytes = 0;
  const statuses = new Map<number, number>();
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const client = async (index: number) => {
    for (let n = index; flooding; n += clients) {
      const { path, headers } = floodRequest(n);
      const answer = await getPage(
        origin,
        path,
        { ...headers, 'x-forwarded-for': `203.0.113.${index + 1}` },
        agent,
      ).catch(() => undefined);
      const status = answer?.status ?? 0;
      if (status === 200) pageBytes += Buffer.byteLength(answer!.body);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const running = Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  return {
    pageBytes: () => pageBytes,
    async stop(): Promise<Map<number, number>> {
      flooding = false;
      await running;
      agent.destroy();
      return statuses;
    },
  };
}
