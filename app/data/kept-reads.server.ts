// The site's hottest reads of what its shared pages show, kept as values by the embedded server
// until that content changes (server/product/site/own-reads.ts, docs/decisions/0042): a post and
// the agency's saved details are read on every render, and a kept value skips supabase-js, the
// Response and the JSON. Against hosted Supabase, and in development, every call reads.
import { keptReads, type KeptReads } from '#shared/in-process-fetch.ts';

/**
 * What `read` resolves to, or the value kept under `key` since the content last changed. `read`
 * must read only as a visitor (getServerSupabase) and only what empties the page cache when
 * written (posts, the agency's settings); `key` names all it depends on. The value comes frozen.
 */
export function keptRead<T>(
  key: string,
  read: () => Promise<T>,
  keepIf?: (value: T) => boolean,
): Promise<T> {
  const keeper: KeptReads | undefined = keptReads(process.env.SUPABASE_URL ?? '');
  return keeper ? keeper.keep(key, read, keepIf) : read();
}
