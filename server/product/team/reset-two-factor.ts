// The last administrator's way back in, run on the server (`npm run reset-two-factor -- <email>`,
// docs/operations.md): removes every second factor of one account straight in the database, so
// they sign in with their password alone and set up a new authenticator app. The team's history
// records it as done by the server's command, and the member is told by mail.
import type { Database } from '#server/supabase/db/types.ts';
import type { Mailer } from '#server/mail.ts';
import { factorRemovedMail, removeFactor } from '#server/supabase/auth/mfa/remove-factor.ts';

export class ResetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResetRefused';
  }
}

export interface ResetResult {
  email: string;
  removed: string[];
}

/** Removes the account's factors and records it; throws ResetRefused for an unknown address. */
export async function resetTwoFactorByEmail(
  db: Database,
  email: string,
  mailer: Pick<Mailer, 'send'>,
): Promise<ResetResult> {
  const address = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(address)) {
    throw new ResetRefused(`"${email}" is not an e-mail address.`);
  }
  const result = await db.transaction(async (tx) => {
    const { rows: users } = await tx.query<{ id: string; email: string }>(
      'select id, email from auth.users where lower(email) = $1 for update',
      [address],
    );
    const user = users[0];
    if (!user) throw new ResetRefused(`No account has the address ${address}.`);
    const { rows: factors } = await tx.query<{ id: string; friendly_name: string | null }>(
      'select id, friendly_name from auth.mfa_factors where user_id = $1 order by created_at',
      [user.id],
    );
    for (const factor of factors) await removeFactor(tx, factor.id);
    if (factors.length) {
      await tx.query(
        `insert into public.team_events (kind, member_id, member_email, detail)
         values ('two_factor_reset', $1, $2, $3)`,
        [user.id, user.email, String(factors.length)],
      );
    }
    return { email: user.email, removed: factors.map((factor) => factor.friendly_name ?? '') };
  });
  if (result.removed.length) {
    await mailer.send({ to: result.email, ...factorRemovedMail(null, true) });
  }
  return result;
}
