// Removing a second factor, as a member does it for themselves (DELETE /factors/{id}) and an
// administrator for another member (DELETE /admin/users/{id}/factors/{id}): the sessions it
// raised go back to aal1, and, as GoTrue's mfa_factor_unenrolled notification does when
// config.toml enables it, the member is told by mail.
import type { Queryable } from '#server/supabase/db/types.ts';
import { readProjectConfig, type TomlTables } from '#server/supabase/project-config.ts';
import type { AuthContext } from '../context.ts';

/** config.toml's [auth.email.notification.mfa_factor_unenrolled] enabled. */
export function notifiesFactorRemoval(config: TomlTables): boolean {
  return config.get('auth.email.notification.mfa_factor_unenrolled')?.get('enabled') === true;
}

const NOTIFY = notifiesFactorRemoval(readProjectConfig());

/** Deletes the factor; the sessions confirmed with it lose their second step. */
export async function removeFactor(tx: Queryable, factorId: string): Promise<void> {
  await tx.query(
    `delete from auth.mfa_amr_claims where authentication_method = 'totp'
       and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factorId],
  );
  await tx.query(
    `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now()
     where factor_id = $1`,
    [factorId],
  );
  await tx.query('delete from auth.mfa_factors where id = $1', [factorId]);
}

/** The mail that tells a member a factor of theirs was removed. */
export function factorRemovedMail(name: string | null, byAdministrator: boolean) {
  const what = name ? `The authenticator app "${name}"` : 'An authenticator app';
  const who = byAdministrator ? 'by an administrator of your team' : 'from your account';
  return {
    subject: 'A two-factor sign-in method was removed from your account',
    text:
      `${what} was removed from your account's two-factor sign-in ${who}. ` +
      'Signing in now asks for a code from your other authenticator apps, or none if this was ' +
      'the last: set a new one up on your account page.\n\n' +
      'If you did not expect this, change your password and tell your administrator.\n',
  };
}

/** Mails the member once the answer has gone, when config.toml turns the notification on. */
export function notifyFactorRemoved(
  ctx: AuthContext,
  to: string | null | undefined,
  name: string | null,
  byAdministrator: boolean,
): void {
  if (!NOTIFY || !to) return;
  ctx.afterAnswer.add('The factor removal mail', () =>
    ctx.mailer.send({ to, ...factorRemovedMail(name, byAdministrator) }),
  );
}
