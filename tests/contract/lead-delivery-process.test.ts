// The server as `npm start` runs it, killed with SIGKILL in the middle of a burst of leads:
// after a restart on the same data directory every acknowledged lead is there, and each stored
// lead's two mails are delivered to DATA_DIR/outbox exactly once. Needs the build.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir } from '../support/databases.ts';
import { type RunningSite, signedInAdmin, SITE_ADMIN_EMAIL, startSite } from '../support/site.ts';
import { aLead } from '../support/leads.ts';

/** The most leads the burst sends; it is cut short by the kill well before that. */
const MAX_LEADS = 600;
/** Requests in flight at once during the burst, each worker pausing between its requests so the
 * burst outlasts the server's first outbox poll (every 2 s). */
const CONCURRENCY = 3;
const PAUSE_MS = 100;

function leadNumber(n: number) {
  return aLead({
    name: `Burst Lead ${n}`,
    email: `burst.${n}@lead.example`,
    problems: `Lead number ${n} needs more enquiries every month.`,
    company_name: `Burst ${n} AB`,
    language: n % 2 ? 'swedish' : 'english',
  });
}

/** POST /rest/v1/consultations as a visitor's browser does; 5 leads per client IP per hour. */
async function postLead(site: RunningSite, n: number): Promise<number> {
  const response = await fetch(`${site.url}/rest/v1/consultations`, {
    method: 'POST',
    headers: {
      apikey: site.anonKey,
      Authorization: `Bearer ${site.anonKey}`,
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
      'x-forwarded-for': `198.51.100.${1 + Math.floor(n / 5)}`,
    },
    body: JSON.stringify(leadNumber(n)),
  });
  await response.arrayBuffer();
  return response.status;
}

async function outboxFiles(dataDir: string): Promise<string[]> {
  return (await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[])).filter((f) =>
    f.endsWith('.json'),
  );
}

describe('lead delivery through kill -9 of the server (PGlite)', () => {
  let temp: Awaited<ReturnType<typeof createTempDir>>;
  let restarted: RunningSite | undefined;
  beforeAll(async () => {
    temp = await createTempDir('leadgen-burst-');
  });
  afterAll(async () => {
    await restarted?.stop();
    await temp?.cleanup();
  });

  it('keeps every acknowledged lead and delivers each stored lead’s two mails once after a restart', async () => {
    const first = await startSite({ SEED_DEMO: 'false' }, { dataDir: temp.dir });
    const acknowledged: number[] = [];
    let killed = false;
    let next = 0;
    const worker = async () => {
      while (!killed && next < MAX_LEADS) {
        const n = next++;
        const status = await postLead(first, n).catch(() => 0);
        if (status === 201) acknowledged.push(n);
        else if (!killed) throw new Error(`lead ${n} answered ${status} before the kill`);
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    };
    // Kill once the burst is well under way and the server has started writing mails, while
    // requests are in flight: inserts and deliveries are both cut off midway.
    const killer = async () => {
      while (next < MAX_LEADS) {
        await new Promise((resolve) => setTimeout(resolve, 15));
        if (acknowledged.length >= 20 && (await outboxFiles(temp.dir)).length > 0) break;
      }
      killed = true;
      expect(await first.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    };
    await Promise.all([killer(), ...Array.from({ length: CONCURRENCY }, worker)]);
    expect(killed).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);

    restarted = await startSite({ SEED_DEMO: 'false' }, { dataDir: temp.dir });
    const admin = await signedInAdmin(restarted);

    const { data: leads, error } = await admin.from('consultations').select('id, email, language');
    expect(error).toBeNull();
    const stored = new Map(leads!.map((lead) => [lead.email as string, lead]));
    const lost = acknowledged.filter((n) => !stored.has(leadNumber(n).email));
    expect(lost, 'acknowledged leads missing after kill -9').toEqual([]);

    // Every stored lead (acknowledged, or committed just before the kill) has its two mails
    // delivered: wait for the restarted server to drain the outbox.
    const deadline = Date.now() + 60_000;
    const readMails = async () => {
      const result = await admin
        .from('consultation_mails')
        .select('id, consultation_id, kind, status');
      expect(result.error).toBeNull();
      return result.data as Array<{
        id: string;
        consultation_id: string;
        kind: string;
        status: string;
      }>;
    };
    let mails = await readMails();
    while (mails.some((mail) => mail.status !== 'sent') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      mails = await readMails();
    }
    expect(mails.filter((mail) => mail.status !== 'sent')).toEqual([]);
    expect(mails).toHaveLength(2 * stored.size);

    const files = await outboxFiles(temp.dir);
    expect(files).toHaveLength(2 * stored.size);
    const byMessageId = new Map<string, { to: unknown; replyTo?: unknown; subject: string }>();
    for (const file of files) {
      // Written whole or not at all, even when the kill came mid-write.
      const mail = JSON.parse(await readFile(path.join(temp.dir, 'outbox', file), 'utf8'));
      expect(byMessageId.has(mail.messageId)).toBe(false);
      byMessageId.set(mail.messageId, mail);
    }
    const leadById = new Map(leads!.map((lead) => [lead.id as string, lead]));
    for (const row of mails) {
      const lead = leadById.get(row.consultation_id)!;
      const mail = byMessageId.get(`<${row.id}@localhost>`);
      expect(mail, `${row.kind} of ${lead.email}`).toBeDefined();
      if (row.kind === 'agency_notification') {
        expect(mail!.to).toEqual([SITE_ADMIN_EMAIL]);
        expect(mail!.replyTo).toMatchObject({ address: lead.email });
      } else {
        expect(mail!.to).toMatchObject({ address: lead.email });
        expect(mail!.subject).toMatch(lead.language === 'swedish' ? /^Tack/ : /^Thank you/);
      }
    }
    expect(restarted.output()).toContain('Lead notifications go to');
  });
});
