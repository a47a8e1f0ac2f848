// Three copies of the built server on one PostgreSQL 17, as an operator runs them behind a
// balancer, each with its own DATA_DIR and so its own mail outbox: leads sent through any copy
// and a booked call are mailed once each, the daily digest once, and the mails claimed by a copy
// killed (SIGKILL) in the middle of sending them go out once, from another copy, when its lease
// ends; a scheduled post shows on every copy's cached blog, in English and Swedish, at its time
// (docs/decisions/0031-jobs-once-across-copies.md). Needs the build.
// Long because every job is checked on the same three started copies of one database; split apart,
// each file would start its own (a start takes seconds, the digest a minute).
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { createTestDatabase } from '../support/databases.ts';
import { aLead } from '../support/leads.ts';
import { getPage } from '../support/page-flood.ts';
import { startSite, storeLeadAsVisitor, type RunningSite } from '../support/site.ts';

/** The digest is checked for once a minute by every copy. */
const DIGEST_WITHIN_MS = 80_000;
/** Lead mails are looked for every 2 s by every copy. */
const MAILED_WITHIN_MS = 15_000;
/** How soon after its time a scheduled post shows on every copy (a cached page lives a minute). */
const SHOWN_WITHIN_MS = 5_000;
const VISITOR = { 'x-forwarded-for': '198.51.100.61' };

/** Asks for the page until it is served from the cache (its Age set), and answers that body. */
async function cached(site: RunningSite, page: string): Promise<string> {
  for (let tries = 0; tries < 5; tries += 1) {
    const answer = await getPage(site.url, page, VISITOR);
    expect(answer.status, `${page} on ${site.url}`).toBe(200);
    if (answer.age !== null) return answer.body;
  }
  throw new Error(`${page} on ${site.url} is never served from the page cache`);
}

/** A zone where it is past 08:00 (the digest's hour) and not yet 22:00: today's digest is due. */
function zonePastEight(): string {
  const zones = [
    'Pacific/Honolulu',
    'America/Los_Angeles',
    'America/New_York',
    'America/Sao_Paulo',
    'Europe/London',
    'Europe/Stockholm',
    'Europe/Istanbul',
    'Asia/Kolkata',
    'Asia/Shanghai',
    'Asia/Tokyo',
    'Australia/Sydney',
    'Pacific/Auckland',
  ];
  const hour = (zone: string) =>
    Number(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(new Date()),
    );
  return zones.find((zone) => hour(zone) >= 8 && hour(zone) < 22)!;
}

/** The outbox row ids of the mails in a copy's DATA_DIR/outbox (files `<time>-<id>.json`). */
async function mailedIds(site: RunningSite): Promise<string[]> {
  const names = await readdir(path.join(site.dataDir, 'outbox')).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.json')).map((name) => name.slice(-41, -5));
}

/** A mail relay that takes connections and never answers: a send through it hangs. */
async function silentRelay(): Promise<{
  port: number;
  connections: () => number;
  close(): Promise<void>;
}> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    connections: () => sockets.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Lets a copy paused with SIGSTOP go on (nothing if it has ended). */
function resume(site: RunningSite) {
  try {
    process.kill(site.pid, 'SIGCONT');
  } catch {
    // Ended already.
  }
}

let copies: RunningSite[] = [];
let db: Database;
let env: Record<string, string>;
let serial = 0;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  const database = await createTestDatabase();
  cleanups.push(database.drop);
  env = {
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SEED_DEMO: 'false',
    LEADS_DIGEST: 'on',
    LEADS_NOTIFY_TO: 'leads@agency.example',
    // Behind a balancer: the visitor's address is the one it forwards.
    TRUST_PROXY: '1',
  };
  // The first applies the migrations; the other two start together, as a deploy starts them.
  const first = await startSite(env);
  cleanups.push(() => first.stop());
  db = await openPostgres(database.url, 2);
  cleanups.push(() => db.close());
  await db.query('insert into public.booking_settings (time_zone) values ($1)', [zonePastEight()]);
  const others = await Promise.all([startSite(env), startSite(env)]);
  for (const site of others) cleanups.push(() => site.stop());
  copies = [first, ...others];
});

afterAll(async () => {
  // A copy the test paused goes on, so that it can stop.
  for (const site of copies) resume(site);
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Sends a lead through `site` from an address of its own; the lead's id. */
async function sendLead(site: RunningSite): Promise<string> {
  serial += 1;
  const email = `copies.${serial}.${Date.now()}@lead.example`;
  const response = await storeLeadAsVisitor(
    site,
    aLead({ name: `Copy Lead ${serial}`, email, company_name: `Copies ${serial} AB` }),
    `203.0.113.${serial}`,
  );
  expect(response.status, await response.text()).toBe(201);
  const { rows } = await db.query<{ id: string }>(
    'select id from public.consultations where email = $1',
    [email],
  );
  return rows[0]!.id;
}

/** How many times each id was mailed, over every copy's outbox. */
async function mailedCounts(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const site of copies)
    for (const id of await mailedIds(site)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

const rowIds = async (sql: string, params: unknown[]) =>
  (await db.query<{ id: string }>(sql, params)).rows.map((row) => row.id);

/** Waits until each id has been mailed, then answers how often each was. */
async function waitUntilMailed(ids: string[], timeout = MAILED_WITHIN_MS): Promise<number[]> {
  await expect
    .poll(
      async () => {
        const counts = await mailedCounts();
        return ids.filter((id) => !counts.has(id)).length;
      },
      { timeout, interval: 100 },
    )
    .toBe(0);
  const counts = await mailedCounts();
  return ids.map((id) => counts.get(id)!);
}

describe('jobs on three copies of the server', () => {
  it('mails each lead’s two mails and a booked call’s invitations once, whichever copy took them', async () => {
    const leads = await Promise.all(
      Array.from({ length: 12 }, (_, n) => sendLead(copies[n % copies.length]!)),
    );
    const start = Date.now() + 3 * 24 * 3600_000;
    await db.query(
      `insert into public.meetings (consultation_id, starts_at, ends_at, busy_until)
       values ($1, $2, $3, $4)`,
      [
        leads[0],
        new Date(start).toISOString(),
        new Date(start + 30 * 60_000).toISOString(),
        new Date(start + 45 * 60_000).toISOString(),
      ],
    );
    const mails = await rowIds(
      'select id from public.consultation_mails where consultation_id = any($1::uuid[])',
      [leads],
    );
    expect(mails).toHaveLength(24);
    const invitations = await rowIds(
      `select m.id from public.meeting_mails m join public.meetings c on c.id = m.meeting_id
        where c.consultation_id = $1 and m.next_attempt_at <= now()`,
      [leads[0]],
    );
    expect(invitations).toHaveLength(2);
    expect(await waitUntilMailed([...mails, ...invitations])).toEqual(Array(26).fill(1));
  });

  it('sends the mails a copy killed mid-send had claimed once, from another copy, when its lease ends', async () => {
    const relay = await silentRelay();
    cleanups.push(relay.close);
    // Only a fourth copy, whose relay never answers, looks for mail while it takes two leads.
    for (const site of copies) process.kill(site.pid, 'SIGSTOP');
    let leads: string[];
    let leased: string[];
    try {
      const doomed = await startSite({
        ...env,
        SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
        LEADS_DIGEST: 'off',
      });
      cleanups.push(() => doomed.stop());
      leads = [await sendLead(doomed), await sendLead(doomed)];
      await expect.poll(relay.connections, { timeout: MAILED_WITHIN_MS }).toBeGreaterThan(0);
      // What it claimed (a poll may have come between the two leads: one lead's or both).
      leased = await rowIds(
        `select id from public.consultation_mails
          where consultation_id = any($1::uuid[]) and locked_until > now() and status = 'pending'`,
        [leads],
      );
      expect(leased.length).toBeGreaterThan(0);
      await doomed.kill('SIGKILL');
    } finally {
      for (const site of copies) resume(site);
    }

    // A later lead is mailed by the three copies' polls, which leave the leased mails alone.
    const later = await sendLead(copies[0]!);
    const laterMails = await rowIds(
      'select id from public.consultation_mails where consultation_id = $1',
      [later],
    );
    expect(await waitUntilMailed(laterMails)).toEqual([1, 1]);
    expect([...(await mailedCounts()).keys()].filter((id) => leased.includes(id))).toEqual([]);

    // The lease (five minutes) runs out, moved in the database.
    await db.query(
      `update public.consultation_mails set locked_until = now() - interval '1 second'
        where id = any($1::uuid[])`,
      [leased],
    );
    const all = await rowIds(
      'select id from public.consultation_mails where consultation_id = any($1::uuid[])',
      [leads],
    );
    expect(await waitUntilMailed(all)).toEqual([1, 1, 1, 1]);
    // A mail reaches the relay before its copy marks it sent (after the rest of its batch).
    await expect
      .poll(
        async () =>
          (
            await db.query<{ status: string; attempts: string }>(
              `select status, attempts::text from public.consultation_mails
                where id = any($1::uuid[])`,
              [leased],
            )
          ).rows,
      )
      .toEqual(leased.map(() => ({ status: 'sent', attempts: '2' })));
  });

  it.each([
    { path: '/blog', language: 'english', title: 'Published on its second' },
    { path: '/sv/blog', language: 'swedish', title: 'Publicerad på sekunden' },
  ])(
    'shows a post scheduled for a few seconds ahead on $path of every copy at its time, not a minute later',
    async ({ path: page, language, title }) => {
      const { rows } = await db.query<{ at: string }>(
        `insert into public.blog_posts
           (title, slug, content, summary, author, language, is_published, published_date)
         values ($1, $2, 'Body.', 'Summary.', 'Nordic Lead Agency Team', $3, true,
                 now() + interval '4 seconds')
         returning (extract(epoch from published_date) * 1000)::text as at`,
        [title, `scheduled-${language}-${Date.now()}`, language],
      );
      const at = Number(rows[0]!.at);
      // Each copy keeps the list without it (its s-maxage is a minute).
      for (const site of copies) expect(await cached(site, page)).not.toContain(title);
      expect(Date.now()).toBeLessThan(at);
      await Promise.all(
        copies.map((site) =>
          expect
            .poll(async () => (await getPage(site.url, page, VISITOR)).body, {
              timeout: at + SHOWN_WITHIN_MS - Date.now(),
              interval: 50,
            })
            .toContain(title),
        ),
      );
    },
  );

  // Every copy checks once a minute; the day's row lets one of them queue it, one send it.
  it('sends the day’s digest once', { timeout: DIGEST_WITHIN_MS + 10_000 }, async () => {
    await expect
      .poll(
        async () =>
          (await db.query<{ status: string }>(`select status from public.lead_digests`)).rows.map(
            (row) => row.status,
          ),
        { timeout: DIGEST_WITHIN_MS, interval: 250 },
      )
      .toEqual(['sent']);
    const digest = await rowIds('select id from public.lead_digests', []);
    expect(await waitUntilMailed(digest)).toEqual([1]);
  });
});
