import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrate } from '#server/supabase/db/migrate.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import type { Database } from '#server/supabase/db/types.ts';
import type { Mail, Mailer } from '#server/mail.ts';
import {
  claimDueMails,
  isPermanentRecipientRefusal,
  startMailDelivery,
  type MailDelivery,
} from './mail-delivery.ts';

/** An error shaped as nodemailer's SMTP connection shapes it. */
function smtpError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message ?? 'SMTP error')), fields);
}

describe('isPermanentRecipientRefusal', () => {
  it('is true when the server refuses the recipient with a 5xx reply', () => {
    expect(
      isPermanentRecipientRefusal(
        smtpError({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550 }),
      ),
    ).toBe(true);
    expect(
      isPermanentRecipientRefusal(
        smtpError({ code: 'EENVELOPE', command: 'API', message: 'Invalid recipient "a@"' }),
      ),
    ).toBe(true);
  });

  it('is false for a temporary refusal, a refused sender or a connection problem', () => {
    expect(
      isPermanentRecipientRefusal(
        smtpError({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 450 }),
      ),
    ).toBe(false);
    expect(
      isPermanentRecipientRefusal(
        smtpError({ code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 550 }),
      ),
    ).toBe(false);
    expect(isPermanentRecipientRefusal(smtpError({ code: 'ESOCKET' }))).toBe(false);
    expect(isPermanentRecipientRefusal(new Error('ECONNREFUSED'))).toBe(false);
    expect(isPermanentRecipientRefusal(undefined)).toBe(false);
  });
});

describe('the outbox drainer', () => {
  let db: Database;
  const deliveries: MailDelivery[] = [];

  beforeAll(async () => {
    db = await openPglite('memory://');
    await migrate(db);
  });
  afterAll(async () => {
    await Promise.all(deliveries.map((delivery) => delivery.stop()));
    await db?.close();
  });
  beforeEach(async () => {
    await Promise.all(deliveries.splice(0).map((delivery) => delivery.stop()));
    await db.query('delete from public.consultations');
  });

  async function insertLead(email = 'erik@lundbygg.se'): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.consultations
         (name, email, phone_number, problems, company_name, how_found_us, language)
       values ('Erik Lund', $1, '070-123 45 67', 'We get too few enquiries in winter.',
               'Lund Bygg AB', 'Google', 'swedish')
       returning id`,
      [email],
    );
    return rows[0]!.id;
  }

  async function mailRows() {
    const { rows } = await db.query<{
      kind: string;
      status: string;
      attempts: string;
      last_error: string | null;
      wait_ms: string;
      locked: string;
    }>(
      `select kind, status, attempts, last_error, (locked_until is not null)::text as locked,
              extract(epoch from next_attempt_at - now()) * 1000 as wait_ms
       from public.consultation_mails order by kind`,
    );
    return rows;
  }

  function start(mailer: Mailer, releaseLeasesAtStart = false) {
    const log: string[] = [];
    const delivery = startMailDelivery({
      db,
      mailer,
      recipients: { source: 'LEADS_NOTIFY_TO', addresses: ['leads@agency.example'] },
      log: (line) => log.push(line),
      releaseLeasesAtStart,
      timings: { pollIntervalMs: 60_000, backoff: { baseMs: 30_000, maxMs: 3_600_000 } },
    });
    deliveries.push(delivery);
    return { delivery, log };
  }

  it('sends both mails of a lead once and marks them sent', async () => {
    await insertLead();
    const sent: Mail[] = [];
    const { delivery } = start({ send: async (mail) => void sent.push(mail) });
    await delivery.drain();
    expect(sent.map((mail) => mail.subject).sort()).toEqual([
      'New lead: Erik Lund, Lund Bygg AB',
      'Tack för din förfrågan – Nordic Lead Agency',
    ]);
    expect((await mailRows()).map((row) => [row.status, row.attempts, row.locked])).toEqual([
      ['sent', '1', 'false'],
      ['sent', '1', 'false'],
    ]);
    await delivery.drain();
    expect(sent).toHaveLength(2);
  });

  it('keeps a mail pending with its error and backs off when sending fails', async () => {
    await insertLead();
    const { delivery, log } = start({
      send: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:1');
      },
    });
    await delivery.drain();
    const rows = await mailRows();
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'pending',
        attempts: '1',
        last_error: 'connect ECONNREFUSED 127.0.0.1:1',
        locked: 'false',
      });
      // 30 s, shortened by up to a fifth.
      expect(Number(row.wait_ms)).toBeGreaterThan(23_000);
      expect(Number(row.wait_ms)).toBeLessThanOrEqual(30_000);
    }
    expect(log.some((line) => line.includes('attempt 1 failed, next in'))).toBe(true);
    // Not due yet: a second drain leaves the rows alone.
    await delivery.drain();
    expect((await mailRows()).map((row) => row.attempts)).toEqual(['1', '1']);
  });

  it('says a pass that fails on every poll once a minute, not once a poll', async () => {
    let passes = 0;
    const unreachable = {
      ...db,
      query: async () => {
        passes++;
        throw new Error('connect ECONNREFUSED /run/postgresql/.s.PGSQL.5432');
      },
    };
    const log: string[] = [];
    deliveries.push(
      startMailDelivery({
        db: unreachable,
        mailer: { send: async () => undefined },
        recipients: { source: 'LEADS_NOTIFY_TO', addresses: ['leads@agency.example'] },
        log: (line) => log.push(line),
        timings: { pollIntervalMs: 5 },
      }),
    );
    await vi.waitFor(() => expect(passes).toBeGreaterThan(10));
    expect(log).toEqual(['Lead mail delivery: connect ECONNREFUSED /run/postgresql/.s.PGSQL.5432']);
  });

  it('gives up on a recipient the mail server refuses for good', async () => {
    await insertLead();
    const sent: Mail[] = [];
    const { delivery } = start({
      async send(mail) {
        if (mail.subject.startsWith('Tack')) {
          throw smtpError({
            code: 'EENVELOPE',
            command: 'RCPT TO',
            responseCode: 550,
            message: "Can't send mail - all recipients were rejected: 550 No such user",
          });
        }
        sent.push(mail);
      },
    });
    await delivery.drain();
    expect((await mailRows()).map((row) => [row.kind, row.status])).toEqual([
      ['agency_notification', 'sent'],
      ['visitor_confirmation', 'failed'],
    ]);
    expect((await mailRows())[1]!.last_error).toContain('550 No such user');
  });

  it('leaves rows another server holds until its lease runs out, and claims each row once', async () => {
    await insertLead();
    const first = await claimDueMails(db, 10, 60_000);
    expect(first).toHaveLength(2);
    expect(await claimDueMails(db, 10, 60_000)).toEqual([]);
    const sent: Mail[] = [];
    const { delivery } = start({ send: async (mail) => void sent.push(mail) });
    await delivery.drain();
    expect(sent).toEqual([]);
    // The other server died: its lease runs out.
    await db.query(`update public.consultation_mails set locked_until = now() - interval '1 s'`);
    await delivery.drain();
    expect(sent).toHaveLength(2);
    expect((await mailRows()).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', '2'],
      ['sent', '2'],
    ]);
  });

  it('takes back, at start, what a killed run of the same single-process database had claimed', async () => {
    await insertLead();
    await claimDueMails(db, 10, 60 * 60_000);
    const sent: Mail[] = [];
    const { delivery } = start({ send: async (mail) => void sent.push(mail) }, true);
    await delivery.drain();
    expect(sent).toHaveLength(2);
  });

  it('sends nothing for a lead deleted before delivery', async () => {
    const id = await insertLead();
    await db.query('delete from public.consultations where id = $1', [id]);
    const sent: Mail[] = [];
    const { delivery } = start({ send: async (mail) => void sent.push(mail) });
    await delivery.drain();
    expect(sent).toEqual([]);
  });

  it('waits on stop for a send in flight and records its outcome', async () => {
    await insertLead();
    const inFlight: Array<() => void> = [];
    const started = new Promise<void>((resolveStarted) => {
      const mailer: Mailer = {
        send: () =>
          new Promise<void>((resolve) => {
            inFlight.push(resolve);
            resolveStarted();
          }),
      };
      start(mailer);
    });
    await started;
    const delivery = deliveries.at(-1)!;
    let stopped = false;
    const stopping = delivery.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    for (const finish of inFlight) finish();
    await stopping;
    expect((await mailRows()).some((row) => row.status === 'sent')).toBe(true);
  });
});
