// The product's jobs run by three copies of the server on one database, on PGlite and on
// PostgreSQL 17 (where each copy has its own pool, so their statements truly race): every lead
// mail, call invitation, Meta Lead event and digest is sent once, a row claimed by a copy that died goes out once
// its lease ends, and the daily retention and the hourly page-view run each run once however many
// copies ask at the same moment (docs/decisions/0031-jobs-once-across-copies.md).
// Long because every job is checked on the same three runners of one database per kind; split
// apart, each part would migrate its own databases.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '#server/supabase/db/migrate.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import type { Database, Queryable } from '#server/supabase/db/types.ts';
import type { Mail } from '#server/mail.ts';
import { startLeadJobs, type LeadJobs } from '#server/product/leads/lead-jobs.ts';
import { claimDueMails } from '#server/product/leads/mail-delivery.ts';
import { startMetaLeadEvents } from '#server/product/leads/meta-lead-events.ts';
import { startRetentionJob } from '#server/product/leads/retention.ts';
import { startPageViewRetention } from '#server/product/visits/page-view-retention.ts';
import { startVisitRecorder } from '#server/product/visits/visit-recorder.ts';
import { aRecordedView } from '#tests/support/visits.ts';
import {
  backendKinds,
  createTempDir,
  createTestDatabase,
  type BackendKind,
} from '../support/databases.ts';

const COPIES = 3;

/** A view of `path` from `address` now, by one browser. */
const HOUR = 3600_000;

interface Runners {
  /** The database as the test sees it (the owner's connection). */
  db: Database;
  /** One connection (pool) per copy: the same PGlite for all three, on PGlite. */
  copies: Database[];
  /** A plain pg connection string, on PostgreSQL. */
  url?: string;
  close(): Promise<void>;
}

async function openRunners(kind: BackendKind): Promise<Runners> {
  if (kind === 'pglite') {
    const temp = await createTempDir();
    const db = await openPglite(temp.dir);
    await migrate(db);
    return {
      db,
      copies: Array.from({ length: COPIES }, () => db),
      close: async () => (await db.close(), await temp.cleanup()),
    };
  }
  const database = await createTestDatabase();
  const db = await openPostgres(database.url, 2);
  await migrate(db);
  const copies = await Promise.all(
    Array.from({ length: COPIES }, () => openPostgres(database.url, 4)),
  );
  return {
    db,
    copies,
    url: database.url,
    async close() {
      await Promise.all([db, ...copies].map((pool) => pool.close()));
      await database.drop();
    },
  };
}

describe.each(backendKinds)('jobs across three copies on %s', (kind) => {
  let runners: Runners;
  let outbox: Awaited<ReturnType<typeof createTempDir>>;
  /** What each copy's mailer sent: the mail's outbox row id, and its subject. */
  const sent: Array<Array<{ id: string; subject: string }>> = [];
  const jobs: LeadJobs[] = [];
  let serial = 0;

  beforeAll(async () => {
    runners = await openRunners(kind);
    outbox = await createTempDir();
    for (const db of runners.copies) {
      const mails: Array<{ id: string; subject: string }> = [];
      sent.push(mails);
      jobs.push(
        startLeadJobs({
          db,
          mailer: {
            async send(mail: Mail) {
              mails.push({ id: mail.identity!.id, subject: mail.subject });
            },
          },
          settings: { LEADS_NOTIFY_TO: ['leads@agency.example'], LEADS_DIGEST: 'on' },
          publicUrl: 'https://agency.example',
          formSecret: 'a-form-secret-of-the-three-copies',
          outboxDir: outbox.dir,
          exclusiveDatabase: false,
          log: () => {},
          // Each copy drains when the test says, all at once: no poll comes in between.
          timings: {
            pollIntervalMs: HOUR,
            digestCheckIntervalMs: HOUR,
            retentionIntervalMs: 24 * HOUR,
          },
        }),
      );
    }
  });
  afterAll(async () => {
    await Promise.all(jobs.map((job) => job.stop()));
    await runners?.close();
    await outbox?.cleanup();
  });

  async function insertLead(db: Queryable = runners.db): Promise<string> {
    serial += 1;
    const { rows } = await db.query<{ id: string }>(
      `insert into public.consultations
         (name, email, phone_number, problems, company_name, how_found_us, language)
       values ($1, $2, '070-123 45 67', 'We get too few enquiries in winter.', $3, 'Google',
               'swedish')
       returning id`,
      [`Erik Lund ${serial}`, `erik.${serial}@lundbygg.se`, `Lund Bygg ${serial} AB`],
    );
    return rows[0]!.id;
  }

  /** Every copy drains with `drain` at the same moment; the ids each copy sent, all together. */
  async function drainAll(drain: (job: LeadJobs) => Promise<number>): Promise<string[]> {
    await Promise.all(jobs.map(drain));
    return sent.flatMap((mails) => mails.map((mail) => mail.id));
  }

  const pending = async (table: string) =>
    Number(
      (
        await runners.db.query<{ n: string }>(
          `select count(*)::text as n from ${table} where status = 'pending'`,
        )
      ).rows[0]!.n,
    );

  it('sends each of 30 leads’ two mails once, whichever copy claims them', async () => {
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, i) => insertLead(runners.copies[i % COPIES])),
    );
    const mailed = await drainAll((job) => job.drainMails());
    const { rows } = await runners.db.query<{ id: string }>(
      'select id from public.consultation_mails where consultation_id = any($1::uuid[])',
      [ids],
    );
    expect(rows).toHaveLength(60);
    expect([...mailed].sort()).toEqual(rows.map((row) => row.id).sort());
    expect(await pending('public.consultation_mails')).toBe(0);
    // More than one copy took part, on PostgreSQL where they race (PGlite answers one at a time).
    if (kind === 'postgres') expect(sent.filter((mails) => mails.length > 0).length).toBe(COPIES);
  });

  it('leaves a lead’s mails claimed by a copy that died until its lease ends, then sends them once', async () => {
    const id = await insertLead();
    // A copy claims the two mails for a minute and is killed before it sends them.
    const dead = kind === 'postgres' ? await openPostgres(runners.url!, 1) : runners.db;
    const claimed = await claimDueMails(dead, 10, 60_000);
    expect(claimed.map((claim) => claim.lead.id)).toEqual([id, id]);
    if (kind === 'postgres') await dead.close();
    const before = sent.flat().length;
    await drainAll((job) => job.drainMails());
    expect(sent.flat().length).toBe(before);
    // The lease runs out (moved in the database: a minute is not waited for).
    await runners.db.query(
      `update public.consultation_mails set locked_until = now() - interval '1 second'
        where consultation_id = $1`,
      [id],
    );
    const mailed = await drainAll((job) => job.drainMails());
    const ids = claimed.map((claim) => claim.mailId);
    expect(mailed.filter((mail) => ids.includes(mail)).sort()).toEqual([...ids].sort());
    const { rows } = await runners.db.query<{ status: string; attempts: string }>(
      `select status, attempts::text from public.consultation_mails where consultation_id = $1`,
      [id],
    );
    expect(rows).toEqual([
      { status: 'sent', attempts: '2' },
      { status: 'sent', attempts: '2' },
    ]);
  });

  it('sends each booked call’s invitations and reminders once', async () => {
    const meetings: string[] = [];
    for (let n = 0; n < 6; n += 1) {
      const lead = await insertLead();
      const start = Date.now() + (3 + n) * 24 * HOUR;
      const { rows } = await runners.db.query<{ id: string }>(
        `insert into public.meetings (consultation_id, starts_at, ends_at, busy_until)
         values ($1, $2, $3, $4) returning id`,
        [
          lead,
          new Date(start).toISOString(),
          new Date(start + 30 * 60_000).toISOString(),
          new Date(start + 45 * 60_000).toISOString(),
        ],
      );
      meetings.push(rows[0]!.id);
    }
    const due = await runners.db.query<{ id: string }>(
      `select id from public.meeting_mails
        where meeting_id = any($1::uuid[]) and next_attempt_at <= now()`,
      [meetings],
    );
    // The visitor's and the agency's invitation of each call.
    expect(due.rows).toHaveLength(12);
    const mailed = await drainAll((job) => job.drainMeetingMails());
    const invitations = mailed.filter((mail) => due.rows.some((row) => row.id === mail));
    expect(invitations.sort()).toEqual(due.rows.map((row) => row.id).sort());
    // The reminders' time comes (moved in the database): each goes once too.
    const reminders = await runners.db.query<{ id: string }>(
      `update public.meeting_mails set next_attempt_at = now()
        where meeting_id = any($1::uuid[]) and kind like 'reminder%'
       returning id`,
      [meetings],
    );
    expect(reminders.rows).toHaveLength(12);
    const afterReminders = await drainAll((job) => job.drainMeetingMails());
    const sentReminders = afterReminders.filter((mail) =>
      reminders.rows.some((row) => row.id === mail),
    );
    expect(sentReminders.sort()).toEqual(reminders.rows.map((row) => row.id).sort());
  });

  it('sends each consenting lead’s Meta Lead event once', async () => {
    const leads = await Promise.all(Array.from({ length: 12 }, () => insertLead()));
    await runners.db.query(
      `insert into public.meta_lead_events (consultation_id, event_source_url)
       select id, 'https://agency.example/book-call' from unnest($1::uuid[]) id`,
      [leads],
    );
    const received: string[] = [];
    const senders = runners.copies.map((db) =>
      startMetaLeadEvents({
        db,
        pixelId: '1234567890',
        accessToken: 'a-conversions-api-token',
        graphUrl: 'https://graph.example',
        log: () => {},
        timings: { pollIntervalMs: HOUR },
        async fetch(_url, init) {
          const body = JSON.parse(String(init?.body)) as { data: Array<{ event_id: string }> };
          received.push(...body.data.map((event) => event.event_id));
          return new Response('{"events_received":1}', { status: 200 });
        },
      }),
    );
    try {
      await Promise.all(senders.map((sender) => sender.drain()));
      expect([...received].sort()).toEqual([...leads].sort());
      expect(await pending('public.meta_lead_events')).toBe(0);
    } finally {
      await Promise.all(senders.map((sender) => sender.stop()));
    }
  });

  it('queues one digest a day and sends it once when three copies ask at the same moment', async () => {
    // 09:00 in the agency's zone (Stockholm, none being set), the next such moment from now.
    const { rows } = await runners.db.query<{ at: string }>(
      `with today as (
         select (date_trunc('day', now() at time zone 'Europe/Stockholm') + interval '9 hours')
                  at time zone 'Europe/Stockholm' as at)
       select to_json(case when at < now() then at + interval '1 day' else at end) #>> '{}' as at
         from today`,
    );
    const asOf = new Date(rows[0]!.at);
    const days = await Promise.all(jobs.map((job) => job.digest!.queue(asOf)));
    expect(days.filter(Boolean)).toHaveLength(1);
    const { rows: digests } = await runners.db.query<{ id: string }>(
      'select id from public.lead_digests',
    );
    expect(digests).toHaveLength(1);
    const mailed = await drainAll((job) => job.digest!.drain());
    expect(mailed.filter((mail) => mail === digests[0]!.id)).toHaveLength(1);
    expect(sent.flat().find((mail) => mail.id === digests[0]!.id)?.subject).toMatch(/^Leads on /);
  });

  it('runs the daily retention once when three copies ask at the same moment, and again on another copy when the one running it died', async () => {
    const runs: number[] = [0, 0, 0];
    const retentions = runners.copies.map((db, copy) =>
      startRetentionJob({
        db: {
          query<R>(sql: string, params?: unknown[]) {
            if (sql.includes('delete_stale_consultations')) runs[copy]! += 1;
            return db.query<R>(sql, params);
          },
          exec: (sql) => db.exec(sql),
        },
        log: () => {},
        checkIntervalMs: HOUR,
      }),
    );
    try {
      // The lead jobs' own retention ran at their start: today's run is done.
      await Promise.all(retentions.map((job) => job.check()));
      expect(runs).toEqual([0, 0, 0]);
      // A day later, by the database's clock, all three ask at once.
      await runners.db.query(
        `update private.job_runs set finished_at = finished_at - interval '1 day'
          where job = 'lead-retention'`,
      );
      const ran = await Promise.all(retentions.map((job) => job.check()));
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1);
      // The next day a copy claims the run and is killed before it finishes: the others wait for
      // its lease, then one of them runs it.
      await runners.db.query(
        `update private.job_runs
            set finished_at = finished_at - interval '1 day', started_at = now(),
                lease_until = now() + interval '15 minutes'
          where job = 'lead-retention'`,
      );
      expect(await Promise.all(retentions.map((job) => job.check()))).toEqual([
        false,
        false,
        false,
      ]);
      await runners.db.query(
        `update private.job_runs set lease_until = now() - interval '1 second'
          where job = 'lead-retention'`,
      );
      const again = await Promise.all(retentions.map((job) => job.check()));
      expect(again.filter(Boolean)).toHaveLength(1);
      expect(runs.reduce((sum, n) => sum + n, 0)).toBe(2);
    } finally {
      await Promise.all(retentions.map((job) => job.stop()));
    }
  });

  it('runs the page views’ hourly retention and roll-up once when three copies ask at once', async () => {
    const jobsOfViews = runners.copies.map((db) =>
      startPageViewRetention({ db, log: () => {}, checkIntervalMs: HOUR }),
    );
    try {
      await Promise.all(jobsOfViews.map((job) => job.check()));
      await runners.db.query(
        `update private.job_runs set finished_at = finished_at - interval '1 hour'
          where job = 'page-view-retention'`,
      );
      const ran = await Promise.all(jobsOfViews.map((job) => job.check()));
      expect(ran.filter(Boolean)).toHaveLength(1);
    } finally {
      await Promise.all(jobsOfViews.map((job) => job.stop()));
    }
  });

  it('gives three copies counting views on a new day one salt, so a visitor is one visitor', async () => {
    await runners.db.query('delete from private.visit_salts');
    const recorders = runners.copies.map((db) =>
      startVisitRecorder({ db, log: () => {}, flushIntervalMs: HOUR, retentionIntervalMs: HOUR }),
    );
    try {
      for (const recorder of recorders) {
        recorder.record(aRecordedView('198.51.100.7', '/blog'));
      }
      expect(await Promise.all(recorders.map((recorder) => recorder.flush()))).toEqual([1, 1, 1]);
      const { rows } = await runners.db.query<{ visitors: string; salts: string }>(
        `select (select count(distinct visitor) from public.page_views where path = '/blog')::text
                  as visitors,
                (select count(*) from private.visit_salts)::text as salts`,
      );
      expect(rows).toEqual([{ visitors: '1', salts: '1' }]);
    } finally {
      await Promise.all(recorders.map((recorder) => recorder.stop()));
    }
  });

  // PGlite answers one statement at a time: no statement of one copy waits for another's.
  if (kind === 'postgres')
    it('reads the day’s salt another copy made while its own statement waited', async () => {
      await runners.db.query('delete from private.visit_salts');
      const other = new pg.Client({ connectionString: runners.url });
      await other.connect();
      const log: string[] = [];
      const recorder = startVisitRecorder({
        db: runners.copies[0]!,
        log: (line) => log.push(line),
        flushIntervalMs: HOUR,
        retentionIntervalMs: HOUR,
      });
      try {
        // Another copy makes today's salt and has not committed yet.
        await other.query('begin');
        await other.query(
          `insert into private.visit_salts (day, salt)
           values ((now() at time zone 'Europe/Stockholm')::date, 'the-other-copys-salt')`,
        );
        recorder.record(aRecordedView('198.51.100.8', '/sv/blog'));
        const flushed = recorder.flush();
        // This copy's insert of the salt waits for the other's row. (Asked outside the other's
        // transaction, whose first read of pg_stat_activity it would keep.)
        await expect
          .poll(
            async () => {
              const { rows } = await runners.db.query<{ n: string }>(
                `select count(*)::text as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'
                  and query like '%visit_salts%'`,
              );
              return rows[0]!.n;
            },
            { timeout: 10_000 },
          )
          .toBe('1');
        await other.query('commit');
        expect(await flushed).toBe(1);
        expect(log).toEqual([]);
      } finally {
        // The other copy's transaction ends first, so that nothing waits on it past a failure.
        await other.end();
        await recorder.stop();
      }
    });
});
