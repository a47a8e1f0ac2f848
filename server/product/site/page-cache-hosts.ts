// Which Host a request's page is cached under (decision 20). The pages carry absolute links
// (canonical, hreflang, feeds) made from SITE_URL when it is set, else from the request's own
// Host, so a copy belongs to one origin. With SITE_URL every Host gets the site's own copy, which
// a page asked for under any name would show anyway; without it, only a few hosts keep copies, the
// first to come, for as long as they are asked for, and any other Host is rendered uncached under
// the render bound. Either way a flood of made-up Host values cannot push out the pages visitors
// ask for.

/** Without SITE_URL: how many hosts keep cached pages at once (a name, its www twin, an address…). */
export const MAX_CACHED_HOSTS = 4;

/** Without SITE_URL: a host not asked for this long gives its place to a new one. */
export const CACHED_HOST_IDLE_MS = 10 * 60 * 1000;

/** A Host header as a browser sends it: a name or an address, and a port. */
const HOST_HEADER =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

export interface CacheHostOptions {
  /** SITE_URL, when set: every page is cached for this origin alone. */
  siteUrl?: string;
  maxHosts?: number;
  idleMs?: number;
  now?: () => number;
}

/**
 * The origin a request's shared copy is kept and rendered for, from its Host header; null when
 * none is kept for it (a malformed Host, or, without SITE_URL, a host beyond the few in use).
 */
export type CacheOriginOf = (host: string | undefined) => string | null;

export function cacheOrigins(options: CacheHostOptions = {}): CacheOriginOf {
  if (options.siteUrl) {
    const origin = new URL(options.siteUrl).origin;
    return () => origin;
  }
  const maxHosts = options.maxHosts ?? MAX_CACHED_HOSTS;
  const idleMs = options.idleMs ?? CACHED_HOST_IDLE_MS;
  const now = options.now ?? (() => Date.now());
  /** Host → when it was last asked for. */
  const inUse = new Map<string, number>();
  return (header) => {
    // A host in use, spelled as it was kept (lower case, no final dot), was checked when it came.
    if (header !== undefined && inUse.has(header)) {
      inUse.set(header, now());
      return `http://${header}`;
    }
    const host = header?.toLowerCase().replace(/\.(?=:\d+$|$)/, '');
    if (!host || host.length > 255 || !HOST_HEADER.test(host)) return null;
    const at = now();
    if (!inUse.has(host)) {
      if (inUse.size >= maxHosts) {
        const [idlest, last] = [...inUse].reduce((a, b) => (b[1] < a[1] ? b : a));
        if (at - last < idleMs) return null;
        inUse.delete(idlest);
      }
    }
    inUse.set(host, at);
    return `http://${host}`;
  };
}
