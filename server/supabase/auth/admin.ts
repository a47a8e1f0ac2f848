// The administrator at start: from ADMIN_EMAIL/ADMIN_PASSWORD, or, on an empty user table, one
// with a random password printed once. What makes that user an administrator is the product's
// (the policies check it; being signed in gives nothing by itself): the caller passes it in as
// grantAdmin, run in the transaction that creates or finds the user.
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/types.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import { projectAuthSettings } from './settings.ts';
import { createEmailUser, findUserByEmail, normalizeEmail } from './users.ts';

export const GENERATED_ADMIN_EMAIL = 'admin@localhost';

// Several servers may share one PostgreSQL; one of them decides at a time.
const ADMIN_LOCK = 7411004;

export async function ensureAdmin(
  db: Database,
  opts: {
    email?: string;
    password?: string;
    /** Default: supabase/config.toml's minimum_password_length. */
    minimumPasswordLength?: number;
    log: (line: string) => void;
    /** Makes the user an administrator of the product, inside the caller's transaction. */
    grantAdmin: (tx: Queryable, userId: string) => Promise<void>;
  },
): Promise<void> {
  if (opts.email && opts.password) {
    const problem = passwordProblem(
      opts.password,
      opts.minimumPasswordLength ?? projectAuthSettings().minimumPasswordLength,
    );
    if (problem) throw new Error(`ADMIN_PASSWORD is not acceptable: ${problem.message}`);
    await ensureGivenAdmin(db, normalizeEmail(opts.email), opts.password, opts);
    return;
  }
  const password = randomBytes(18).toString('base64url');
  const hash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [ADMIN_LOCK]);
    const { rows } = await tx.query('select 1 from auth.users limit 1');
    if (rows.length > 0) return false;
    await opts.grantAdmin(tx, await createEmailUser(tx, GENERATED_ADMIN_EMAIL, hash));
    return true;
  });
  if (created) {
    const rule = '='.repeat(72);
    opts.log(
      [
        rule,
        'Administrator created (shown once; change the password after signing in at /login):',
        `  email:    ${GENERATED_ADMIN_EMAIL}`,
        `  password: ${password}`,
        'Set ADMIN_EMAIL and ADMIN_PASSWORD to choose them yourself.',
        rule,
      ].join('\n'),
    );
  }
}

/** Creates the user, or makes the existing one usable with this password (confirmed, unbanned). */
async function ensureGivenAdmin(
  db: Database,
  email: string,
  password: string,
  { log, grantAdmin }: Pick<Parameters<typeof ensureAdmin>[1], 'log' | 'grantAdmin'>,
) {
  const hash = await hashPassword(password);
  const outcome = await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [ADMIN_LOCK]);
    const existing = await findUserByEmail(tx, email);
    if (!existing) {
      await grantAdmin(tx, await createEmailUser(tx, email, hash));
      return 'created';
    }
    const userId = existing.user.id;
    await grantAdmin(tx, userId);
    await tx.query(
      `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), banned_until = null
       where id = $1`,
      [userId],
    );
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider)
       values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text,
         'email_verified', true, 'phone_verified', false), 'email')
       on conflict (provider_id, provider) do nothing`,
      [userId, email],
    );
    // Left alone when unchanged, so a restart does not sign the administrator out.
    if (await verifyPassword(password, existing.passwordHash)) return 'unchanged';
    await tx.query(
      'update auth.users set encrypted_password = $2, updated_at = now() where id = $1',
      [userId, hash],
    );
    await tx.query('delete from auth.sessions where user_id = $1', [userId]);
    return 'updated';
  });
  if (outcome === 'created') log(`Administrator ${email} created from ADMIN_EMAIL/ADMIN_PASSWORD.`);
  if (outcome === 'updated')
    log(`Administrator ${email}: password set from ADMIN_PASSWORD; old sessions ended.`);
}
