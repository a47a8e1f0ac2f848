// What the auth contract tests read back: the mails in DATA_DIR/outbox, the verify link in one,
// and the claims of an access token.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestBackend } from './backend.ts';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

export async function mailsTo(
  backend: Pick<TestBackend, 'dataDir'>,
  address: string,
): Promise<OutboxMail[]> {
  const dir = path.join(backend.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.json'))
    .sort();
  const mails = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as OutboxMail),
  );
  return mails.filter((mail) => mail.to === address);
}

/**
 * The mails to `address` once there are at least `count`: recovery and sign-in links are mailed
 * just after the answer, so a test that has its answer may look a moment before the mail is there.
 */
export async function waitForMails(
  backend: Pick<TestBackend, 'dataDir'>,
  address: string,
  count = 1,
): Promise<OutboxMail[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = await mailsTo(backend, address);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) {
      throw new Error(`${mails.length} of ${count} mails to ${address} arrived within 10 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function linkIn(mail: OutboxMail): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No verify link in the mail:\n${mail.text}`);
  return link;
}

export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}
