// Every stored lead sends two mails through the outbox (docs/decisions/0005), on PGlite and on
// PostgreSQL: leads inserted by the real supabase-js as a visitor, delivered by the server's own
// jobs to the local outbox or to a real SMTP server on 127.0.0.1, through an SMTP outage, exactly
// once.
// Long because the outbox, SMTP (up and down), retention and a server against hosted Supabase are
// one delivery seen from each side; its helpers (an SMTP server, mail rows) serve all of them.
import { readFile, readdir } from 'node:fs/promises';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteLead } from '~/data/consultations';
import type { Database as AppDatabase } from '~/data/database.types';
import { consultationCopy } from '~/features/consultation/copy.ts';
import { startServer } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { visitorMailCopy } from '#server/product/leads/mail-copy.ts';
import { startMailDelivery } from '#server/product/leads/mail-delivery.ts';
import { markSent } from '#server/product/leads/outbox.ts';
import { deleteStaleLeads } from '#server/product/leads/retention.ts';
import type { Mail } from '#server/mail.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  backendKinds,
  startTestBackend,
  type TestBackend,
} from '../support/backend.ts';
import { createTempDir, createTestDatabase } from '../support/databases.ts';
import { aLead, aLeadEmail } from '../support/leads.ts';

/** A visitor's supabase-js, seen by the server as coming from `ip` (5 leads per IP per hour). */
function visitor(backend: TestBackend, ip: string) {
  return createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { 'x-forwarded-for': ip } },
  });
}

function newLead(overrides: Record<string, unknown> = {}) {
  return aLead({
    name: 'Erik Lund',
    email: aLeadEmail('erik'),
    additional_info: 'Call after 3 pm.',
    company_name: 'Lund Bygg AB',
    how_found_us: 'Friend Referral',
    utm_source: 'facebook',
    utm_medium: 'paid_social',
    utm_campaign: 'winter-2026',
    utm_term: 'builders',
    utm_content: 'carousel-b',
    referrer: 'https://www.facebook.com/',
    landing_page: '/book-call?utm_source=facebook',
    ...overrides,
  });
}

async function insertLead(backend: TestBackend, ip: string, lead: ReturnType<typeof newLead>) {
  const { status, error } = await visitor(backend, ip).from('consultations').insert(lead);
  expect(error).toBeNull();
  expect(status).toBe(201);
}

interface MailRow {
  id: string;
  kind: 'agency_notification' | 'visitor_confirmation';
  status: string;
  attempts: string;
  last_error: string | null;
}

async function mailRowsOf(db: Database, email: string): Promise<MailRow[]> {
  const { rows } = await db.query<MailRow>(
    `select m.id, m.kind, m.status, m.attempts, m.last_error
     from public.consultation_mails m
     join public.consultations c on c.id = m.consultation_id
     where c.email = $1
     order by m.kind`,
    [email],
  );
  return rows;
}

interface OutboxMail extends Mail {
  messageId: string;
}

async function outboxMails(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
  return Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as OutboxMail),
  );
}

async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}; last seen: ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A port nothing listens on (until the test's SMTP server takes it). */
async function closedPort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface ReceivedMessage {
  envelopeTo: string[];
  raw: string;
  messageId: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives and refuses some recipients. */
async function startSmtpServer(port: number, refuse: string[] = []) {
  const received: ReceivedMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.includes(address.address)) {
        callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          messageId: /^Message-ID: (<[^>]+>)/im.exec(raw)?.[1] ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("the visitor's confirmation mirrors the thank-you page", () => {
  it('promises contact within 24 hours and lists the same three steps, in both languages', () => {
    for (const [language, page] of [
      ['english', consultationCopy.en],
      ['swedish', consultationCopy.sv],
    ] as const) {
      const mail = visitorMailCopy[language];
      expect(mail.heading).toBe(page.thankYou.heading);
      expect(mail.lead).toBe(page.thankYou.lead);
      expect(mail.nextHeading).toBe(page.thankYou.nextHeading);
      expect(mail.steps).toEqual(page.thankYou.steps);
    }
  });
});

describe.each(backendKinds)('lead mails on %s', (kind) => {
  // The local outbox's tests and the retention's share one backend (a start takes seconds).
  let outboxBackend: TestBackend;
  beforeAll(async () => {
    outboxBackend = await startTestBackend(
      kind,
      {
        LEADS_NOTIFY_TO: 'leads@agency.example, sales@agency.example',
        SITE_URL: 'https://agency.example',
      },
      // Delivery only when the test drains, so it can act on a lead before its mails go.
      { leadJobTimings: { pollIntervalMs: 60 * 60_000 } },
    );
  });
  afterAll(async () => outboxBackend?.close());

  describe('to the local outbox (no SMTP_URL)', () => {
    let backend: TestBackend;
    beforeAll(() => {
      backend = outboxBackend;
    });

    it('says at start where lead notifications go', () => {
      expect(backend.log).toContain(
        `Lead notifications go to leads@agency.example, sales@agency.example (LEADS_NOTIFY_TO), ` +
          `as files in ${path.join(backend.dataDir, 'outbox')} (set SMTP_URL to send them).`,
      );
    });

    it('turns an English lead into one agency notification and one confirmation, both sent', async () => {
      const lead = newLead();
      await insertLead(backend, '198.51.100.1', lead);
      expect((await mailRowsOf(backend.db, lead.email)).map((row) => row.status)).toEqual([
        'pending',
        'pending',
      ]);

      await backend.server.leadJobs!.drainMails();

      const rows = await mailRowsOf(backend.db, lead.email);
      expect(rows.map((row) => [row.kind, row.status, row.attempts, row.last_error])).toEqual([
        ['agency_notification', 'sent', '1', null],
        ['visitor_confirmation', 'sent', '1', null],
      ]);
      const mails = await outboxMails(backend.dataDir);
      const byId = (id: string) =>
        mails.filter((mail) => mail.messageId === `<${id}@agency.example>`);
      const [agency, confirmation] = rows.map((row) => byId(row.id));
      expect(agency).toHaveLength(1);
      expect(confirmation).toHaveLength(1);

      expect(agency![0]).toMatchObject({
        to: ['leads@agency.example', 'sales@agency.example'],
        replyTo: { name: 'Erik Lund', address: lead.email },
        subject: 'New lead: Erik Lund, Lund Bygg AB',
      });
      for (const value of [
        lead.email,
        lead.phone_number,
        lead.problems,
        lead.additional_info,
        lead.how_found_us,
        lead.utm_source,
        lead.utm_campaign,
        lead.referrer,
        lead.landing_page,
        'https://agency.example/admin/leads',
      ]) {
        expect(agency![0]!.text).toContain(value);
      }

      expect(confirmation![0]).toMatchObject({
        to: { name: 'Erik Lund', address: lead.email },
        subject: 'Thank you for your request – Nordic Lead Agency',
      });
      expect(confirmation![0]!.text).toContain('within 24 hours');
      expect(confirmation![0]!.replyTo).toBeUndefined();
    });

    it('confirms a Swedish lead in Swedish', async () => {
      const lead = newLead({ name: 'Åsa Öberg', language: 'swedish' });
      await insertLead(backend, '198.51.100.2', lead);
      await backend.server.leadJobs!.drainMails();
      const [, confirmationRow] = await mailRowsOf(backend.db, lead.email);
      expect(confirmationRow!.status).toBe('sent');
      const [confirmation] = (await outboxMails(backend.dataDir)).filter(
        (mail) => mail.messageId === `<${confirmationRow!.id}@agency.example>`,
      );
      expect(confirmation!.subject).toBe('Tack för din förfrågan – Nordic Lead Agency');
      expect(confirmation!.text).toContain('Hej Åsa Öberg!');
      for (const step of consultationCopy.sv.thankYou.steps) {
        expect(confirmation!.text).toContain(step);
      }
    });

    it('sends nothing for a lead deleted before its mails went out', async () => {
      const lead = newLead();
      await insertLead(backend, '198.51.100.3', lead);
      const ids = (await mailRowsOf(backend.db, lead.email)).map((row) => row.id);
      expect(ids).toHaveLength(2);
      const before = (await outboxMails(backend.dataDir)).length;

      const admin = createClient(backend.url, backend.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      });
      await admin.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      const { error } = await admin.from('consultations').delete().eq('email', lead.email);
      expect(error).toBeNull();

      await backend.server.leadJobs!.drainMails();
      const mails = await outboxMails(backend.dataDir);
      expect(mails).toHaveLength(before);
      expect(mails.some((mail) => ids.some((id) => mail.messageId.includes(id)))).toBe(false);
      expect(await mailRowsOf(backend.db, lead.email)).toEqual([]);
    });

    it('delivers each mail once when several servers drain the same database at the same time', async () => {
      const leads = Array.from({ length: 8 }, () => newLead());
      for (const [index, lead] of leads.entries()) {
        await insertLead(backend, `198.51.100.${10 + Math.floor(index / 4)}`, lead);
      }
      // Two more drainers beside the server's own: on PostgreSQL each with its own pool, as
      // separate servers would have.
      const pools = backend.databaseUrl
        ? [await openPostgres(backend.databaseUrl, 2), await openPostgres(backend.databaseUrl, 2)]
        : [];
      const sent: string[] = [];
      const drainers = [0, 1].map((n) =>
        startMailDelivery({
          db: pools[n] ?? backend.db,
          // Sends of different lengths, so each drainer claims while the others are mid-send.
          mailer: {
            send: async (mail) => {
              await new Promise((resolve) => setTimeout(resolve, 10 + 25 * n));
              sent.push(mail.identity!.id);
            },
          },
          recipients: { source: 'ADMIN_EMAIL', addresses: [ADMIN_EMAIL] },
          log: () => {},
          timings: { pollIntervalMs: 60 * 60_000, batchSize: 2 },
        }),
      );
      try {
        await Promise.all([
          ...drainers.map((drainer) => drainer.drain()),
          backend.server.leadJobs!.drainMails(),
        ]);
        const rows = (
          await Promise.all(leads.map((lead) => mailRowsOf(backend.db, lead.email)))
        ).flat();
        expect(rows).toHaveLength(16);
        expect(rows.every((row) => row.status === 'sent' && row.attempts === '1')).toBe(true);
        const files = (await outboxMails(backend.dataDir)).map((mail) => mail.messageId);
        for (const row of rows) {
          const deliveries =
            sent.filter((id) => id === row.id).length +
            files.filter((messageId) => messageId === `<${row.id}@agency.example>`).length;
          expect(deliveries).toBe(1);
        }
      } finally {
        await Promise.all(drainers.map((drainer) => drainer.stop()));
        await Promise.all(pools.map((pool) => pool.close()));
      }
    });
  });

  describe('through SMTP', () => {
    let backend: TestBackend;
    let port: number;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
    beforeAll(async () => {
      port = await closedPort();
      backend = await startTestBackend(
        kind,
        { SMTP_URL: `smtp://127.0.0.1:${port}` },
        {
          leadJobTimings: {
            pollIntervalMs: 100,
            backoff: { baseMs: 200, maxMs: 400 },
            leaseMs: 10_000,
          },
        },
      );
    });
    afterAll(async () => {
      await backend?.close();
      await smtp?.close();
    });

    it('keeps mails pending while SMTP is down, then delivers each exactly once when it is back', async () => {
      const leads = [newLead(), newLead({ language: 'swedish' })];
      for (const lead of leads) await insertLead(backend, '198.51.100.20', lead);

      const readRows = async () =>
        (await Promise.all(leads.map((lead) => mailRowsOf(backend.db, lead.email)))).flat();
      const failing = await waitFor('two failed attempts per mail', readRows, (rows) =>
        rows.every((row) => Number(row.attempts) >= 2),
      );
      expect(failing).toHaveLength(4);
      for (const row of failing) {
        expect(row.status).toBe('pending');
        expect(row.last_error).toMatch(/ECONNREFUSED/);
      }

      smtp = await startSmtpServer(port);
      const sentRows = await waitFor('every mail sent', readRows, (rows) =>
        rows.every((row) => row.status === 'sent'),
      );
      // Two more whole passes of the delivery find nothing left to send: nothing goes twice.
      expect(await backend.server.leadJobs!.drainMails()).toBe(0);
      expect(await backend.server.leadJobs!.drainMails()).toBe(0);
      for (const row of sentRows) {
        const copies = smtp.received.filter((m) => m.messageId === `<${row.id}@localhost>`);
        expect(copies).toHaveLength(1);
        const [lead] = leads.filter((l) =>
          row.kind === 'agency_notification'
            ? copies[0]!.raw.includes(`<${l.email}>`)
            : copies[0]!.envelopeTo.includes(l.email),
        );
        expect(lead).toBeDefined();
        if (row.kind === 'agency_notification') {
          // No LEADS_NOTIFY_TO: ADMIN_EMAIL hears of the lead; the visitor is the Reply-To.
          expect(copies[0]!.envelopeTo).toEqual([ADMIN_EMAIL]);
          expect(copies[0]!.raw).toMatch(new RegExp(`^Reply-To: .*<${lead!.email}>`, 'm'));
        } else {
          expect(copies[0]!.envelopeTo).toEqual([lead!.email]);
        }
        expect((await readRows()).find((r) => r.id === row.id)!.last_error).toBeNull();
      }
      expect(smtp.received).toHaveLength(4);
    });

    it('gives up on a visitor address the mail server refuses, and still tells the agency', async () => {
      const refused = `nobody.${Date.now()}@example.com`;
      smtp ??= await startSmtpServer(port);
      await smtp.close();
      smtp = await startSmtpServer(port, [refused]);
      const lead = newLead({ email: refused });
      await insertLead(backend, '198.51.100.21', lead);
      const rows = await waitFor(
        'both mails settled',
        () => mailRowsOf(backend.db, refused),
        (current) => current.every((row) => row.status !== 'pending'),
      );
      expect(rows.map((row) => [row.kind, row.status, row.attempts])).toEqual([
        ['agency_notification', 'sent', '1'],
        ['visitor_confirmation', 'failed', '1'],
      ]);
      expect(rows[1]!.last_error).toMatch(/550/);
    });
  });

  describe('retention', () => {
    let backend: TestBackend;
    beforeAll(() => {
      backend = outboxBackend;
    });

    it('deletes exactly the leads with no activity for three years, with their mails', async () => {
      const stale = newLead();
      const recent = newLead();
      await insertLead(backend, '198.51.100.30', stale);
      await insertLead(backend, '198.51.100.30', recent);
      // Time travel: the touch trigger would set updated_at to now(), so triggers are off for it.
      await backend.db.transaction(async (tx) => {
        await tx.query(`set local session_replication_role = replica`);
        await tx.query(
          `update public.consultations
           set updated_at = now() - interval '3 years' - interval '1 day'
           where email = $1`,
          [stale.email],
        );
        await tx.query(
          `update public.consultations
           set updated_at = now() - interval '3 years' + interval '1 day'
           where email = $1`,
          [recent.email],
        );
      });

      expect(await deleteStaleLeads(backend.db)).toBe(1);

      const { rows } = await backend.db.query<{ email: string }>(
        'select email from public.consultations where email = any($1::text[])',
        [[stale.email, recent.email]],
      );
      expect(rows).toEqual([{ email: recent.email }]);
      expect(await mailRowsOf(backend.db, stale.email)).toEqual([]);
      const { rows: orphans } = await backend.db.query<{ count: string }>(
        `select count(*) from public.consultation_mails m
         where not exists (select 1 from public.consultations c where c.id = m.consultation_id)`,
      );
      expect(orphans).toEqual([{ count: '0' }]);
      expect(await mailRowsOf(backend.db, recent.email)).toHaveLength(2);
    });

    // A send locks its mail's row, then its history trigger takes a key-share lock on the lead.
    // The retention must take them in the same order, or the two deadlock (40P01).
    // PostgreSQL only: PGlite has one connection, so nothing runs beside a send there.
    if (kind === 'postgres')
      it('deletes a stale lead while one of its mails is being sent, without a deadlock', async () => {
        const stale = newLead();
        await insertLead(backend, '198.51.100.31', stale);
        await backend.db.transaction(async (tx) => {
          await tx.query(`set local session_replication_role = replica`);
          await tx.query(
            `update public.consultations
             set updated_at = now() - interval '3 years' - interval '1 day'
             where email = $1`,
            [stale.email],
          );
        });
        let retention: Promise<number> | undefined;
        await backend.db.transaction(async (send) => {
          const { rows } = await send.query<{ id: string; consultation_id: string }>(
            `select m.id, m.consultation_id from public.consultation_mails m
               join public.consultations c on c.id = m.consultation_id
              where c.email = $1 limit 1 for update of m`,
            [stale.email],
          );
          // The retention starts meanwhile, on another connection, and waits for the mail.
          retention = deleteStaleLeads(backend.db);
          await waitFor(
            'the retention to wait for the mail being sent',
            async () => {
              const { rows } = await backend.db.query<{ waiting: string }>(
                `select count(*) as waiting from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock'`,
              );
              return Number(rows[0]!.waiting);
            },
            (waiting) => waiting > 0,
          );
          // The history entry a send writes, as the trigger does.
          await send.query(
            `insert into public.lead_events (consultation_id, kind, data)
             values ($1, 'mail_sent', jsonb_build_object('mail_id', $2::uuid))`,
            [rows[0]!.consultation_id, rows[0]!.id],
          );
        });
        expect(await retention).toBe(1);
        expect(await mailRowsOf(backend.db, stale.email)).toEqual([]);
      });
  });

  // A mail marked sent locks its row, then its history entry asks for the lead; an administrator
  // deleting the lead takes the lead, then its mails. PostgreSQL ends one side with a deadlock
  // (40P01), and that side tries again. PostgreSQL only: PGlite runs one statement at a time.
  if (kind === 'postgres')
    describe('deleting a lead while its mails are marked sent', () => {
      let backend: TestBackend;
      beforeAll(() => {
        backend = outboxBackend;
      });

      /** Statements of other connections waiting for a lock. */
      async function lockWaits(): Promise<number> {
        const { rows } = await backend.db.query<{ waiting: string }>(
          `select count(*) as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return Number(rows[0]!.waiting);
      }

      async function storedLead(ip: string) {
        const lead = newLead();
        await insertLead(backend, ip, lead);
        const { rows } = await backend.db.query<{ id: string }>(
          'select id from public.consultations where email = $1',
          [lead.email],
        );
        return { ...lead, id: rows[0]!.id, mails: await mailRowsOf(backend.db, lead.email) };
      }

      it("retries the administrator's delete when it is the one PostgreSQL ends", async () => {
        const lead = await storedLead('198.51.100.40');
        const admin = createClient<AppDatabase>(backend.url, backend.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false },
        });
        await admin.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });

        let deletion: Promise<void> | undefined;
        await backend.db.transaction(async (send) => {
          // This side waits a minute before it looks for a deadlock, so the delete (after the
          // default second) is the one ended.
          await send.query(`set local deadlock_timeout = '60s'`);
          await send.query('select id from public.consultation_mails where id = $1 for update', [
            lead.mails[0]!.id,
          ]);
          deletion = deleteLead(admin, lead.id);
          await waitFor('the delete to wait for the mail', lockWaits, (waiting) => waiting > 0);
          // What marking the mail sent does next: its history entry, which needs the lead.
          await send.query(
            `insert into public.lead_events (consultation_id, kind, data)
             values ($1, 'mail_sent', jsonb_build_object('mail_id', $2::uuid))`,
            [lead.id, lead.mails[0]!.id],
          );
        });
        await deletion;
        const { rows } = await backend.db.query(
          'select id from public.consultations where id = $1',
          [lead.id],
        );
        expect(rows).toEqual([]);
        expect(await mailRowsOf(backend.db, lead.email)).toEqual([]);
      });

      it("marks the batch's other mails sent when the update is the one PostgreSQL ends", async () => {
        const deleted = await storedLead('198.51.100.41');
        const kept = await storedLead('198.51.100.41');
        const batch = [deleted.mails[0]!.id, kept.mails[0]!.id];

        let marking: Promise<void> | undefined;
        await backend.db.transaction(async (remove) => {
          await remove.query(`set local deadlock_timeout = '60s'`);
          // The delete's first step: the lead.
          await remove.query('select id from public.consultations where id = $1 for update', [
            deleted.id,
          ]);
          marking = markSent(backend.db, 'public.consultation_mails', batch);
          await waitFor('the update to wait for the lead', lockWaits, (waiting) => waiting > 0);
          // Its second: the lead's mails, one of which the update holds.
          await remove.query('delete from public.consultations where id = $1', [deleted.id]);
        });
        await marking;
        expect(await mailRowsOf(backend.db, deleted.email)).toEqual([]);
        expect((await mailRowsOf(backend.db, kept.email)).map((row) => row.status)).toEqual([
          'sent',
          'pending',
        ]);
      });
    });
});

describe('a server against hosted Supabase', () => {
  // An embedded backend on PostgreSQL stands in for the hosted project (the same migrations);
  // its own delivery polls only hourly, so the mails below are the second server's work.
  let project: TestBackend;
  beforeAll(async () => {
    project = await startTestBackend(
      'postgres',
      {},
      { leadJobTimings: { pollIntervalMs: 60 * 60_000 } },
    );
  });
  afterAll(async () => project?.close());

  async function startHostedServer(env: Record<string, string>) {
    const { dir: dataDir, cleanup } = await createTempDir();
    const log: string[] = [];
    const starting = startServer(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SUPABASE_URL: project.url,
        SUPABASE_ANON_KEY: project.anonKey,
        ...env,
      }),
      { site: false, log: (line) => log.push(line), leadJobTimings: { pollIntervalMs: 100 } },
    );
    const server = await starting.catch(async (error: unknown) => {
      await cleanup();
      throw error;
    });
    return {
      server,
      dataDir,
      log,
      async close() {
        await server.close();
        await cleanup();
      },
    };
  }

  it("delivers the project's lead mails through DATABASE_URL, without serving the APIs", async () => {
    const hosted = await startHostedServer({
      DATABASE_URL: project.databaseUrl!,
      LEADS_NOTIFY_TO: 'leads@agency.example',
    });
    try {
      expect(hosted.server.backend).toBeUndefined();
      expect((await fetch(`${hosted.server.url}/rest/v1/consultations`)).status).toBe(404);
      const lead = newLead();
      await insertLead(project, '198.51.100.40', lead);
      await waitFor(
        'both mails sent',
        () => mailRowsOf(project.db, lead.email),
        (rows) => rows.length === 2 && rows.every((row) => row.status === 'sent'),
      );
      const mails = await outboxMails(hosted.dataDir);
      expect(mails.map((mail) => mail.to)).toEqual(
        expect.arrayContaining([
          ['leads@agency.example'],
          { name: lead.name, address: lead.email },
        ]),
      );
      expect(mails).toHaveLength(2);
    } finally {
      await hosted.close();
    }
  });

  it('says clearly that it sends no lead mails without DATABASE_URL', async () => {
    const hosted = await startHostedServer({});
    try {
      expect(hosted.server.leadJobs).toBeUndefined();
      expect(hosted.log).toContain(
        'Lead mails and retention are not run by this server: set DATABASE_URL to the Supabase ' +
          "project's Postgres connection string to send them (pg_cron runs the retention there).",
      );
    } finally {
      await hosted.close();
    }
  });

  it('refuses to start on a database without the lead outbox', async () => {
    const empty = await createTestDatabase();
    try {
      await expect(startHostedServer({ DATABASE_URL: empty.url })).rejects.toThrow(
        'apply the migrations first (`supabase db push`)',
      );
    } finally {
      await empty.drop();
    }
  });
});
