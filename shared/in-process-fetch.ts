// Where the site's server code finds what the embedded services offer it in this process:
// server/app.ts provides, for the origin it gives the loaders as SUPABASE_URL, a fetch that answers
// without a socket, and the keeper of the pages' reads; app/data/ hands the fetch to the
// supabase-js clients it creates for that origin (docs/decisions/0034) and keeps its hottest reads
// with the keeper (docs/decisions/0042). Kept on globalThis under a registered symbol, since the
// app's modules (the build, or Vite's in development) are not the same module instances as the
// server's.

type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/**
 * Values the site's server code made from its anonymous reads of what the shared pages show,
 * kept by the server until that content changes.
 */
export interface KeptReads {
  /**
   * The value kept under `key`, else what `read` resolves to, kept (frozen) when `keepIf` says so
   * and nothing changed while it read. `read` may only read, as a visitor, tables whose writes
   * empty the page cache; the key must name everything the read depends on.
   */
  keep<T>(key: string, read: () => Promise<T>, keepIf?: (value: T) => boolean): Promise<T>;
}

interface Provided {
  fetch: Fetch;
  keeper?: KeptReads;
}

const registry = Symbol.for('site.inProcessFetch');

function provisions(): Map<string, Provided> {
  const holder = globalThis as { [registry]?: Map<string, Provided> };
  return (holder[registry] ??= new Map());
}

/**
 * Requests to `origin` are answered by `fetch` from now on (and its reads kept by `keeper`); the
 * returned function withdraws both (the server stopped), so a later client of that origin goes
 * over HTTP again.
 */
export function provideInProcessFetch(
  origin: string,
  fetch: Fetch,
  keeper?: KeptReads,
): () => void {
  const key = new URL(origin).origin;
  const provided = keeper ? { fetch, keeper } : { fetch };
  provisions().set(key, provided);
  return () => {
    if (provisions().get(key) === provided) provisions().delete(key);
  };
}

function providedFor(url: string): Provided | undefined {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return undefined;
  }
  return provisions().get(origin);
}

/** The fetch that answers `url`'s origin in this process; undefined for any other (hosted) one. */
export function inProcessFetch(url: string): Fetch | undefined {
  return providedFor(url)?.fetch;
}

/** The keeper of reads for `url`'s origin; undefined for any other (hosted) one, or in development. */
export function keptReads(url: string): KeptReads | undefined {
  return providedFor(url)?.keeper;
}
