// The site's own reads of what its shared pages show, kept in memory as long as those pages are:
// a visitor's GET of /rest/v1/blog_posts, agency_settings or booking_settings made by the site's
// server code with the anon key, answered again from memory until the content behind the pages
// changes. It is emptied exactly when the page cache is (the site's invalidate: a write through
// the data API, a database notice, a scheduled post's time), so a page rendered for a signed-in
// member is never older than the copy a visitor gets from the page cache
// (docs/decisions/0037-rendered-pages-without-repeated-work.md).
// The hottest of those reads (a post, the agency's details in every footer) are kept one step
// further, as the values the site's code made of them (`keep`), under the same rules: a hit then
// skips supabase-js, the Response and the JSON as well
// (docs/decisions/0042-the-pages-reads-kept-as-values.md).
import { RecentlyUsed } from '#shared/recently-used.ts';
import type { KeptReads } from '#shared/in-process-fetch.ts';

export type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/** The tables a shared page reads; a write to any of them empties the pages (and these reads). */
export const PAGE_TABLES = ['blog_posts', 'agency_settings', 'booking_settings'] as const;

const READ_PATHS = new Set(PAGE_TABLES.map((table) => `/rest/v1/${table}`));

/** What a kept answer costs at most, and all of them together. */
const ENTRY_BYTES_MAX = 256 * 1024;
const TOTAL_BYTES_MAX = 8 * 1024 * 1024;
/** Never older than a page the cache keeps (its s-maxage), even if no change were heard. */
const FRESH_MS = 60_000;

/**
 * Request headers that cannot change a read's answer: the client's name, the site's lane key and
 * how the bytes travel. Every other header is part of the key (Accept, Prefer, Range, a header a
 * policy reads through request.headers), so two reads share an answer only when they ask alike.
 */
const IGNORED_HEADERS = new Set(['x-client-info', 'x-site-request-key', 'accept-encoding']);

interface KeptRead {
  status: number;
  statusText: string;
  headers: [string, string][];
  /** The body's text (the data API answers JSON or CSV in UTF-8): a Response is made from it fastest. */
  text: string;
  bytes: number;
  storedAt: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

interface KeptValue {
  value: unknown;
  bytes: number;
  storedAt: number;
}

/**
 * What a kept value holds, about: its JSON's length twice over (a string with a character past
 * Latin-1 is two bytes a character in V8's heap). Undefined for a value that is not plain data.
 */
function valueBytes(value: unknown): number | undefined {
  try {
    const json = JSON.stringify(value);
    return json === undefined ? undefined : 2 * json.length;
  } catch {
    return undefined;
  }
}

/** Frozen through and through: one request's code cannot change what the next one reads. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export interface OwnReadsOptions {
  /** The anon key: only reads made with it (as a visitor) are kept, never a member's or the service's. */
  anonKey: string;
  now?: () => number;
}

export interface OwnReads extends KeptReads {
  /** `fetch`, with the shared pages' reads answered from memory while nothing changed. */
  wrap(fetch: Fetch): Fetch;
  /** The content changed: forget every kept read and value. */
  clear(): void;
  /** The answers kept, and the values. */
  readonly size: number;
}

export function ownReads({ anonKey, now = () => Date.now() }: OwnReadsOptions): OwnReads {
  const kept = new RecentlyUsed<string, KeptRead>(TOTAL_BYTES_MAX, (read) => read.bytes);
  const values = new RecentlyUsed<string, KeptValue>(TOTAL_BYTES_MAX, (entry) => entry.bytes);
  let generation = 0;

  /** The key of a read that may be kept, or undefined. */
  const keyOf = (target: string, headers: Headers): string | undefined => {
    const url = new URL(target);
    if (!READ_PATHS.has(url.pathname)) return undefined;
    if (headers.get('apikey') !== anonKey) return undefined;
    const authorization = headers.get('authorization');
    if (authorization !== null && authorization !== `Bearer ${anonKey}`) return undefined;
    let key = `${url.pathname}${url.search}`;
    // Headers iterate sorted by name, lower-cased.
    for (const [name, value] of headers) {
      if (!IGNORED_HEADERS.has(name)) key += `\n${name}: ${value}`;
    }
    return key;
  };

  /** A kept answer or value young enough to be given again. */
  const fresh = <E extends { storedAt: number }>(entry: E | undefined): entry is E =>
    entry !== undefined && now() - entry.storedAt < FRESH_MS;

  /**
   * Whether what a read begun in generation `started` brought may be kept: a read that began
   * before a change may hold what the change replaced, and an entry has its bound.
   */
  const mayKeep = (started: number, bytes: number) =>
    started === generation && bytes <= ENTRY_BYTES_MAX;

  const answer = (read: KeptRead) =>
    new Response(read.text, {
      status: read.status,
      statusText: read.statusText,
      headers: read.headers,
    });

  return {
    wrap(fetch) {
      return async (input, init) => {
        // Read from what supabase-js passes (a URL and its options) without making a Request.
        const request = input instanceof Request ? input : undefined;
        const method = init?.method ?? request?.method ?? 'GET';
        if (method.toUpperCase() !== 'GET') return fetch(input, init);
        const key = request
          ? keyOf(request.url, init?.headers ? new Headers(init.headers) : request.headers)
          : keyOf(String(input), new Headers(init?.headers));
        if (key === undefined) return fetch(input, init);
        const hit = kept.get(key);
        if (fresh(hit)) return answer(hit);
        const started = generation;
        const response = await fetch(input, init);
        if (response.status !== 200 && response.status !== 206) return response;
        const body = new Uint8Array(await response.arrayBuffer());
        const status = { status: response.status, statusText: response.statusText };
        let text: string;
        try {
          text = utf8.decode(body);
        } catch {
          // Not UTF-8 text: answered as it came, not kept.
          return new Response(body, { ...status, headers: response.headers });
        }
        const read: KeptRead = {
          ...status,
          headers: [...response.headers],
          text,
          bytes: body.byteLength,
          storedAt: now(),
        };
        if (mayKeep(started, read.bytes)) kept.set(key, read);
        return answer(read);
      };
    },
    async keep(key, read, keepIf = () => true) {
      const hit = values.get(key);
      if (fresh(hit)) return hit.value as Awaited<ReturnType<typeof read>>;
      const started = generation;
      const value = await read();
      const bytes = keepIf(value) ? valueBytes(value) : undefined;
      if (bytes !== undefined && mayKeep(started, bytes)) {
        values.set(key, { value: deepFreeze(value), bytes, storedAt: now() });
      }
      return value;
    },
    clear() {
      generation += 1;
      kept.clear();
      values.clear();
    },
    get size() {
      return kept.size + values.size;
    },
  };
}
