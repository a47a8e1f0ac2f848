// Counts page views for the statistics (issue 14) without slowing the pages: a view is a counter
// in memory (one per visitor, page and way of arriving), written to public.page_views in one
// statement every few seconds, or as soon as 1,000 distinct ones are waiting. The visitor
// is a hash of the day's salt (private.visit_salts, shared by every server on the database),
// the address and the browser, computed at write time; the address and browser are then gone.
// An hourly run deletes views past 26 months and salts whose day is over.
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/types.ts';
import type { PageViewFacts } from './page-view.ts';

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
  retentionIntervalMs?: number;
  /** Distinct views kept waiting at most; beyond it (a flood) new ones are not counted. */
  maxPending?: number;
  /** Waiting views that start a write at once rather than at the next interval. */
  batchSize?: number;
}

export interface VisitRecorder {
  record(view: RecordedView): void;
  /** Writes the waiting views now; resolves with how many were written. */
  flush(): Promise<number>;
  stop(): Promise<void>;
}

const insertSql = `
  insert into public.page_views
    (viewed_at, visitor, path, referrer_host, utm_source, utm_medium, utm_campaign, language,
     device, views)
  select viewed_at, visitor, path, referrer_host, utm_source, utm_medium, utm_campaign, language,
         device, views
    from jsonb_to_recordset($1::jsonb) as v(
      viewed_at timestamptz, visitor text, path text, referrer_host text, utm_source text,
      utm_medium text, utm_campaign text, language text, device text, views integer)`;

const saltSql = `
  with fresh as (
    insert into private.visit_salts (day, salt) values ($1, $2)
    on conflict (day) do nothing
    returning salt
  )
  select salt from fresh
  union all
  select salt from private.visit_salts where day = $1
  limit 1`;

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

export function startVisitRecorder(options: VisitRecorderOptions): VisitRecorder {
  const { db, log } = options;
  const timeZone = options.timeZone ?? 'Europe/Stockholm';
  const maxPending = options.maxPending ?? 10_000;
  const batchSize = options.batchSize ?? 1_000;
  let pending = new Map<string, PendingViews>();
  let dropped = 0;
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
    if (dropped > 0) {
      log(
        `Visit statistics: ${dropped} page views were not counted (more than ${maxPending} waiting).`,
      );
      dropped = 0;
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
        });
      }
      await db.query(insertSql, [JSON.stringify(rows)]);
      return rows.length;
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

  async function deleteOld(): Promise<void> {
    try {
      await db.query('select private.delete_old_page_views()');
    } catch (error) {
      log(`Visit statistics: the retention run failed: ${(error as Error).message}`);
    }
  }

  const flushTimer = setInterval(() => void flush(), options.flushIntervalMs ?? 5_000);
  flushTimer.unref();
  let retentionRun = deleteOld();
  const retentionTimer = setInterval(() => {
    retentionRun = deleteOld();
  }, options.retentionIntervalMs ?? 3_600_000);
  retentionTimer.unref();

  return {
    record(view) {
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
      pending.set(key, { ...view, views: 1 });
      // A busy site writes in batches as they fill; one write at a time (flush chains them).
      if (pending.size === batchSize) void flush();
    },
    flush,
    async stop() {
      clearInterval(flushTimer);
      clearInterval(retentionTimer);
      await retentionRun;
      await flush();
    },
  };
}
