// A read asked again: what the data API decided from a GET's target and the headers that shape it
// (the caller its token names, the table, the parsed query, the negotiated media type, the
// preferences, the range and the statement), found again by one key made from those same inputs.
// The site's loaders and a list's visitors ask the same few reads over and over, and going through
// the URL, the key, the token, the profile, the query and the statement's options again for each
// was most of what the API spent an answer beyond the database's work
// (docs/decisions/0054-a-read-asked-again.md). Only what the request itself says is in the key;
// everything that varies with the moment (the token's expiry, the client's address, the cookies,
// the whole headers the database sees) is still read from each request. Bounded, so that varied
// requests cannot grow the process; dropped whole when the schema reloads.
import type { IncomingMessage } from 'node:http';
import { RecentlyUsed } from '#shared/recently-used.ts';
import type { Caller } from './claims.ts';
import type { ReadPlan } from './operations.ts';

/** How many reads are kept. */
export const MAX_KNOWN_READS = 256;
/** A longer key (a long query string or token) is not kept: its read goes the whole way. */
export const MAX_KEY_LENGTH = 4096;

export interface KnownRead {
  /** Who the token named, with its claims (their `exp` is checked on every use). */
  caller: Caller;
  /** What request.path reports to the database. */
  path: string;
  plan: ReadPlan;
}

/** The headers a read's plan or caller depends on, besides the method and the target. */
const SHAPING_HEADERS = ['authorization', 'apikey', 'accept', 'accept-profile', 'prefer', 'range'];

/**
 * The key of a GET or HEAD: its method, its target as sent and the shaping headers, separated by
 * a line break, which none of them can hold. Undefined for any other method.
 */
export function knownReadKey(req: IncomingMessage): string | undefined {
  const { method, headers } = req;
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  let key = `${method} ${req.url}`;
  for (const name of SHAPING_HEADERS) {
    const value = headers[name];
    key += '\n' + (value === undefined ? '' : String(value));
  }
  return key;
}

export class KnownReads {
  private readonly reads: RecentlyUsed<string, KnownRead>;
  constructor(limit = MAX_KNOWN_READS) {
    this.reads = new RecentlyUsed(limit);
  }

  /**
   * The read this request asked before, unless its token has expired since (then it is forgotten,
   * and the request goes the whole way to be refused as any other).
   */
  recall(req: IncomingMessage, now = Date.now()): KnownRead | undefined {
    const key = knownReadKey(req);
    if (key === undefined) return undefined;
    const known = this.reads.get(key);
    if (!known) return undefined;
    const { exp } = known.caller.claims;
    if (typeof exp === 'number' && exp * 1000 <= now) {
      this.reads.delete(key);
      return undefined;
    }
    return known;
  }

  /** Keeps a read that was answered, under its request's key. */
  remember(req: IncomingMessage, read: KnownRead): void {
    const key = knownReadKey(req);
    if (key !== undefined && key.length <= MAX_KEY_LENGTH) this.reads.set(key, read);
  }

  get size(): number {
    return this.reads.size;
  }
}
