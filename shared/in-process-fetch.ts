// Where the site's server code finds the embedded services' in-process fetch: server/app.ts
// provides one for the origin it gives the loaders as SUPABASE_URL, and app/data/ hands it to the
// supabase-js clients it creates for that origin (docs/decisions/0034). Kept on globalThis under a
// registered symbol, since the app's modules (the build, or Vite's in development) are not the same
// module instances as the server's.

type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

const registry = Symbol.for('site.inProcessFetch');

function fetches(): Map<string, Fetch> {
  const holder = globalThis as { [registry]?: Map<string, Fetch> };
  return (holder[registry] ??= new Map());
}

/**
 * Requests to `origin` are answered by `fetch` from now on; the returned function withdraws it
 * (the server stopped), so a later client of that origin goes over HTTP again.
 */
export function provideInProcessFetch(origin: string, fetch: Fetch): () => void {
  const key = new URL(origin).origin;
  fetches().set(key, fetch);
  return () => {
    if (fetches().get(key) === fetch) fetches().delete(key);
  };
}

/** The fetch that answers `url`'s origin in this process; undefined for any other (hosted) one. */
export function inProcessFetch(url: string): Fetch | undefined {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return undefined;
  }
  return fetches().get(origin);
}
