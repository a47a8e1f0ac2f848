import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '#server/mail.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import { migrate } from '#server/supabase/db/migrate.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { createSession } from '#server/supabase/auth/sessions.ts';
import { addVerifiedFactor } from '#server/supabase/auth/endpoints/endpoint-harness.ts';
import { createEmailUser } from '#server/supabase/auth/users.ts';
import { ResetRefused, resetTwoFactorByEmail } from './reset-two-factor.ts';

let db: Database;
const mails: Mail[] = [];
const mailer = { send: async (mail: Mail) => void mails.push(mail) };

beforeAll(async () => {
  db = await openPglite('memory://');
  await migrate(db);
}, 60_000);
afterAll(async () => db?.close());

describe('resetTwoFactorByEmail', () => {
  it('removes every factor, lowers the sessions they raised, records it and tells the member', async () => {
    const userId = await createEmailUser(db, 'owner@example.com', null);
    const phone = await addVerifiedFactor(db, userId, 'Phone');
    await addVerifiedFactor(db, userId, 'Backup');
    const session = await db.transaction((tx) => createSession(tx, { userId, method: 'password' }));
    await db.query("update auth.sessions set aal = 'aal2', factor_id = $2 where id = $1", [
      session.sessionId,
      phone,
    ]);

    const result = await resetTwoFactorByEmail(db, ' Owner@Example.com ', mailer);

    expect(result).toEqual({ email: 'owner@example.com', removed: ['Phone', 'Backup'] });
    const { rows: left } = await db.query('select id from auth.mfa_factors where user_id = $1', [
      userId,
    ]);
    expect(left).toEqual([]);
    const { rows: sessions } = await db.query<{ aal: string; factor_id: string | null }>(
      'select aal::text as aal, factor_id from auth.sessions where id = $1',
      [session.sessionId],
    );
    expect(sessions).toEqual([{ aal: 'aal1', factor_id: null }]);
    const { rows: history } = await db.query(
      'select kind, actor_id, actor_email, member_id, member_email, detail from public.team_events',
    );
    expect(history).toEqual([
      {
        kind: 'two_factor_reset',
        actor_id: null,
        actor_email: null,
        member_id: userId,
        member_email: 'owner@example.com',
        detail: '2',
      },
    ]);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ['owner@example.com', 'A two-factor sign-in method was removed from your account'],
    ]);
  });

  it('changes nothing for an account without factors, and refuses an unknown address', async () => {
    const before = mails.length;
    await createEmailUser(db, 'plain@example.com', null);
    expect(await resetTwoFactorByEmail(db, 'plain@example.com', mailer)).toEqual({
      email: 'plain@example.com',
      removed: [],
    });
    await expect(resetTwoFactorByEmail(db, 'nobody@example.com', mailer)).rejects.toThrow(
      new ResetRefused('No account has the address nobody@example.com.'),
    );
    await expect(resetTwoFactorByEmail(db, 'not an address', mailer)).rejects.toBeInstanceOf(
      ResetRefused,
    );
    expect(mails).toHaveLength(before);
  });
});
