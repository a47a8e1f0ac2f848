// Counts page views for the statistics without slowing the pages: a view is a counter in memory
// (one per visitor, page and way of arriving), written through private.record_page_views() in one
// statement every few seconds, or as soon as 1,000 distinct ones are waiting. The visitor is a
// hash of the day's salt (private.visit_salts, shared by every server on the database), the
// address and the browser, computed at write time; the address and browser are then gone. The
// database keeps what one address and the whole site add in a day within bounds (decision 19),
// keyed by another hash of the salt and the address; in memory, one address holds at most
// `maxPendingPerAddress` of the waiting counters. An hourly run, once across every copy on the
// database (page-view-retention.ts), deletes views past 26 months and salts whose day is over, and
// rolls up the days that are over for the insights.
import { createHash, randomBytes } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Database } from '#server/supabase/db/types.ts';
import type { PageViewFacts } from './page-view.ts';
import { PAGE_VIEW_RETENTION_INTERVAL_MS, startPageViewRetention } from './page-view-retention.ts';
import { firstCodePoints } from '#shared/code-points.ts';

export interface RecordedView extends PageViewFacts {
  at: Date;
  address: string;
  userAgent: string;
}

/** Views of one page by one visitor, the same way, since the last write: one row. */
interface PendingViews extends RecordedView {
  views: number;
}

export interface VisitRecorderOptions {
  db: Database;
  log: (line: string) => void;
  /** The zone whose midnight rotates the salt: the agency's. */
  timeZone?: string;
  flushIntervalMs?: number;
  /** How often the hourly run is due (once across every copy on the database). */
  retentionIntervalMs?: number;
  /** How often this copy asks whether the hourly run is due. */
  retentionCheckIntervalMs?: number;
  /** Distinct views kept waiting at most; beyond it (a flood) new ones are not counted. */
  maxPending?: number;
  /** Distinct views one address (an IPv6 /64) may keep waiting; beyond it, its new ones are not counted. */
  maxPendingPerAddress?: number;
  /** Waiting views that start a write at once rather than at the next interval. */
  batchSize?: number;
}

export interface VisitRecorder {
  record(view: RecordedView): void;
  /** Writes the waiting views now; resolves with how many were written. */
  flush(): Promise<number>;
  stop(): Promise<void>;
}

const recordSql = 'select private.record_page_views($1::jsonb) as stored';

/** The part of a user agent that makes the visitor: no browser sends more. */
const USER_AGENT_CHARS = 512;

/**
 * The day's salt, made by whichever copy asks first. `do update` (to itself) returns the row that
 * won even when another copy's insert of it committed after this statement began, which a separate
 * select, reading the statement's snapshot, would not see.
 */
const saltSql = `
  insert into private.visit_salts as s (day, salt) values ($1, $2)
  on conflict (day) do update set salt = s.salt
  returning salt`;

/** The calendar day of `at` in `timeZone`, as YYYY-MM-DD. */
export function dayIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
}

export function visitorHash(salt: string, address: string, userAgent: string): string {
  return createHash('sha256')
    .update(`${salt}\n${address}\n${userAgent}`)
    .digest('hex')
    .slice(0, 16);
}

/**
 * The address as the limits count it: an IPv6 address by its /64 (one subscriber's network, which
 * hands its devices any address in it), an IPv4 address (or an IPv4-mapped IPv6 one) as itself.
 */
export function addressGroup(address: string): string {
  const plain = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (!isIPv6(plain)) return plain;
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const [head, tail] = plain.split('::');
  let all = groups(head);
  if (tail !== undefined) {
    const after = groups(tail);
    // A trailing dotted IPv4 part fills two groups.
    const width = after.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
    all = [...all, ...Array<string>(8 - all.length - width).fill('0'), ...after];
  }
  return `${all
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The day's key of an address for the per-address limits: meaningless once the salt is gone. */
export function addressKey(salt: string, address: string): string {
  return createHash('sha256')
    .update(`${salt}\naddress\n${addressGroup(address)}`)
    .digest('hex')
    .slice(0, 16);
}

export function startVisitRecorder(options: VisitRecorderOptions): VisitRecorder {
  const { db, log } = options;
  const timeZone = options.timeZone ?? 'Europe/Stockholm';
  const maxPending = options.maxPending ?? 10_000;
  const batchSize = options.batchSize ?? 1_000;
  const maxPendingPerAddress = options.maxPendingPerAddress ?? 50;
  let pending = new Map<string, PendingViews>();
  /** Waiting counters per address group. */
  let pendingPerAddress = new Map<string, number>();
  let dropped = 0;
  let droppedFromOneAddress = 0;
  const salts = new Map<string, string>();
  let writing: Promise<number> = Promise.resolve(0);

  async function saltFor(day: string): Promise<string> {
    const known = salts.get(day);
    if (known) return known;
    const { rows } = await db.query<{ salt: string }>(saltSql, [
      day,
      randomBytes(32).toString('base64'),
    ]);
    const salt = rows[0]?.salt;
    if (!salt) throw new Error(`No visit salt for ${day}`);
    // Only today's (and, around midnight, yesterday's) salt is ever needed.
    if (salts.size > 1) salts.clear();
    salts.set(day, salt);
    return salt;
  }

  async function write(): Promise<number> {
    const views = [...pending.values()];
    pending = new Map();
    pendingPerAddress = new Map();
    if (dropped > 0) {
      log(
        `Visit statistics: ${dropped} page views were not counted (more than ${maxPending} waiting).`,
      );
      dropped = 0;
    }
    if (droppedFromOneAddress > 0) {
      log(
        `Visit statistics: ${droppedFromOneAddress} page views were not counted (more than ` +
          `${maxPendingPerAddress} waiting from one address).`,
      );
      droppedFromOneAddress = 0;
    }
    if (views.length === 0) return 0;
    try {
      const rows = [];
      for (const { at, address, userAgent, ...facts } of views) {
        const salt = await saltFor(dayIn(at, timeZone));
        rows.push({
          ...facts,
          viewed_at: at.toISOString(),
          visitor: visitorHash(salt, address, userAgent),
          address: addressKey(salt, address),
        });
      }
      const result = await db.query<{ stored: number | string }>(recordSql, [JSON.stringify(rows)]);
      const stored = Number(result.rows[0]?.stored ?? 0);
      if (stored < rows.length) {
        log(
          `Visit statistics: ${rows.length - stored} of ${rows.length} page views were past an ` +
            `address's or the day's limit and not kept.`,
        );
      }
      return stored;
    } catch (error) {
      // Statistics are not worth a retry loop that could grow without bound: these are lost.
      log(
        `Visit statistics: ${views.length} page views could not be written: ${(error as Error).message}`,
      );
      return 0;
    }
  }

  const flush = () => {
    writing = writing.then(write, write);
    return writing;
  };

  const flushTimer = setInterval(() => void flush(), options.flushIntervalMs ?? 5_000);
  flushTimer.unref();
  const retention = startPageViewRetention({
    db,
    log,
    everyMs: options.retentionIntervalMs ?? PAGE_VIEW_RETENTION_INTERVAL_MS,
    checkIntervalMs: options.retentionCheckIntervalMs,
  });

  return {
    record(recorded) {
      const view = {
        ...recorded,
        userAgent: firstCodePoints(recorded.userAgent, USER_AGENT_CHARS),
      };
      const key = [
        view.address,
        view.userAgent,
        view.path,
        view.referrer_host,
        view.utm_source,
        view.utm_medium,
        view.utm_campaign,
        view.language,
        view.device,
      ].join('\n');
      const same = pending.get(key);
      if (same) {
        same.views += 1;
        return;
      }
      if (pending.size >= maxPending) {
        dropped += 1;
        return;
      }
      const group = addressGroup(view.address);
      const fromAddress = pendingPerAddress.get(group) ?? 0;
      if (fromAddress >= maxPendingPerAddress) {
        droppedFromOneAddress += 1;
        return;
      }
      pendingPerAddress.set(group, fromAddress + 1);
      pending.set(key, { ...view, views: 1 });
      // A busy site writes in batches as they fill; one write at a time (flush chains them).
      if (pending.size === batchSize) void flush();
    },
    flush,
    async stop() {
      clearInterval(flushTimer);
      await retention.stop();
      await flush();
    },
  };
}
