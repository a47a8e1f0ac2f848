// The site as `npm start` runs it, probed from outside for who has an account. /otp and /recover
// answer a member's address before its link is handed to the mail server, so the answer cannot
// take longer for a member than for an address nobody has (the times themselves are printed by
// bench/auth-timing.ts: on a shared machine their noise hides a millisecond). A second reset link
// for the same address within a minute is refused alike for both through the real supabase-js,
// without a second mail.
import { AuthApiError, createClient } from '@supabase/supabase-js';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, waitForMails } from '../support/auth-mail.ts';
import { addSiteUser, startSite, type RunningSite } from '../support/site.ts';

/** An SMTP server that takes each message only when the test releases it. */
async function startHoldingSmtpServer() {
  const held: Array<{ to: string[]; accept: () => void }> = [];
  const accepted: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        held.push({
          to,
          accept: () => {
            accepted.push(to);
            callback();
          },
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    port,
    held,
    accepted,
    releaseAll: () => held.splice(0).forEach((mail) => mail.accept()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One member and one stranger per endpoint: the limit of a mail a minute counts both. */
const member = (path: string) => `held${path.replace('/', '-')}@members.example`;
const stranger = (path: string) => `held${path.replace('/', '-')}@nobody.example`;

describe('a link asked for while the mail server is slow', () => {
  let smtp: Awaited<ReturnType<typeof startHoldingSmtpServer>>;
  let site: RunningSite;
  beforeAll(async () => {
    smtp = await startHoldingSmtpServer();
    site = await startSite({ SEED_DEMO: 'false', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    for (const path of ['/otp', '/recover']) {
      await addSiteUser(site, member(path), 'member password', null);
    }
  });
  afterAll(async () => {
    smtp?.releaseAll();
    await site?.stop();
    await smtp?.close();
  });

  /** The answer, or 'no answer' when none came within 5 s while the mail server held the mail. */
  async function ask(path: string, email: string, client: string) {
    const answer = fetch(`${site.url}/auth/v1${path}`, {
      method: 'POST',
      headers: {
        apikey: site.anonKey,
        'content-type': 'application/json',
        'x-forwarded-for': client,
      },
      body: JSON.stringify({ email }),
    }).then(async (response) => ({ status: response.status, body: await response.text() }));
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('no answer'), 5000));
    return Promise.race([answer, late]);
  }

  it.each([
    ['/otp', '198.51.100.31'],
    ['/recover', '198.51.100.32'],
  ])(
    '%s answers a member before the mail server has taken the link, as it answers a stranger',
    async (path, client) => {
      expect(await ask(path, stranger(path), client)).toEqual({ status: 200, body: '{}' });
      expect(await ask(path, member(path), client)).toEqual({ status: 200, body: '{}' });
      expect(smtp.accepted).toEqual([]);

      // The link goes out after the answer: the mail server holds it, then takes it.
      await until(() => smtp.held.length === 1, 'the member’s mail to reach the mail server');
      expect(smtp.held[0]!.to).toEqual([member(path)]);
      smtp.releaseAll();
      expect(smtp.accepted).toEqual([[member(path)]]);
      smtp.accepted.length = 0;
    },
  );
});

describe('a second reset link within a minute', () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ SEED_DEMO: 'false' });
    for (const email of ['twice@members.example', 'later@members.example']) {
      await addSiteUser(site, email, 'member password', null);
    }
  });
  afterAll(async () => site?.stop());

  it('is refused for a member and a stranger alike through supabase-js, and mailed once', async () => {
    const [member, stranger] = ['twice@members.example', 'twice@nobody.example'];
    const client = createClient(site.url, site.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    for (const email of [member, stranger]) {
      expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
      const { error } = await client.auth.resetPasswordForEmail(email);
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
      expect(error?.message).toMatch(/^For security purposes, you can only request this after/);
    }
    // Links are mailed in the order they were answered: once a later one is there, a second
    // link for the member would be too.
    expect((await client.auth.resetPasswordForEmail('later@members.example')).error).toBeNull();
    await waitForMails(site, 'later@members.example');
    expect(await mailsTo(site, member)).toHaveLength(1);
    expect(await mailsTo(site, stranger)).toEqual([]);
  });
});
