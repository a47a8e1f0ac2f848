// Changing a user's address as GoTrue does with "Secure email change" on (hosted Supabase's
// default): PUT /user stores the new address and one token for each address in auth.users'
// email_change columns, and the address changes once both mailed links are opened (/verify with
// type=email_change). Only a SHA-256 of each token is kept, as for the other links.
import type { Queryable } from '../db/types.ts';
import { AuthError } from './errors.ts';
import { DUPLICATE_EMAIL } from './endpoints/invite.ts';
import { LINK_TTL_SECONDS } from './links.ts';
import { checkedEmail } from './request.ts';
import { randomToken, tokenDigest } from './tokens.ts';
import { findUserByEmail, normalizeEmail } from './users.ts';

/** GoTrue's answer to the first of the two links. */
export const FIRST_LINK_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/**
 * A new address given for a user, normalised and checked as GoTrue does: undefined when none is
 * given or it is the current one (nothing to change), 422 email_exists when another user has it.
 */
export async function checkedNewEmail(
  db: Queryable,
  given: string,
  current: string,
): Promise<string | undefined> {
  if (!given) return undefined;
  const email = checkedEmail(normalizeEmail(given));
  if (email === current) return undefined;
  if (await findUserByEmail(db, email)) {
    throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
  }
  return email;
}

/**
 * Starts a change to `next`: replaces any change waiting (its links stop working), and returns
 * the two tokens to mail, one to the current address and one to the new.
 */
export async function startEmailChange(
  db: Queryable,
  userId: string,
  next: string,
): Promise<{ currentToken: string; nextToken: string }> {
  const currentToken = randomToken(32);
  const nextToken = randomToken(32);
  await db.query(
    `update auth.users set email_change = $2, email_change_token_current = $3,
       email_change_token_new = $4, email_change_confirm_status = 0, email_change_sent_at = now(),
       updated_at = now()
     where id = $1`,
    [userId, next, tokenDigest(currentToken), tokenDigest(nextToken)],
  );
  return { currentToken, nextToken };
}

/** What opening one of the links did: the first of two, or the change itself. */
export type EmailChangeStep = { done: false } | { done: true; userId: string };

/**
 * Redeems an e-mail change token, or returns undefined when it is unknown, used or older than an
 * hour. With `email`, the token must be the one mailed to that address. The first link of the two
 * only marks its half done (and works no more); the second moves the address, on the user and on
 * their email identity, and clears the change.
 */
export async function redeemEmailChangeToken(
  tx: Queryable,
  token: string,
  email?: string,
): Promise<EmailChangeStep | undefined> {
  if (!token) return undefined;
  const digest = tokenDigest(token);
  const { rows } = await tx.query<{
    id: string;
    next: string;
    status: string;
    to_current: string;
    fresh: string;
    banned: string;
  }>(
    `select id, email_change as next, email_change_confirm_status as status,
       email_change_token_current = $1 as to_current,
       email_change_sent_at > now() - make_interval(secs => $3::float8) as fresh,
       coalesce(banned_until > now(), false) as banned
     from auth.users
     where (email_change_token_current = $1 or email_change_token_new = $1)
       and deleted_at is null and coalesce(email_change, '') <> ''
       and ($2::text is null
         or (email_change_token_current = $1 and lower(email) = $2::text)
         or (email_change_token_new = $1 and lower(email_change) = $2::text))
     for update`,
    [digest, email ?? null, LINK_TTL_SECONDS],
  );
  const row = rows[0];
  if (!row || row.fresh !== 't') return undefined;
  if (row.banned === 't') throw new AuthError(400, 'user_banned', 'User is banned');

  if (row.status === '0') {
    const used = row.to_current === 't' ? 'email_change_token_current' : 'email_change_token_new';
    await tx.query(
      `update auth.users set email_change_confirm_status = 1, ${used} = '' where id = $1`,
      [row.id],
    );
    return { done: false };
  }

  // Someone may have taken the address since the change was asked for.
  const { rows: taken } = await tx.query(
    'select 1 from auth.users where lower(email) = lower($1) and id <> $2 and deleted_at is null',
    [row.next, row.id],
  );
  if (taken.length > 0) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
  await tx.query(
    `update auth.users set email = email_change, email_change = '',
       email_change_token_current = '', email_change_token_new = '',
       email_change_confirm_status = 0, updated_at = now()
     where id = $1`,
    [row.id],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object(
       'email', $2::text, 'email_verified', true), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [row.id, row.next],
  );
  return { done: true, userId: row.id };
}
