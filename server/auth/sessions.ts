import type { Queryable } from '../db/types.ts';
import { AuthError } from './errors.ts';
import { randomToken, tokenDigest, type AmrEntry, type AuthMethod } from './tokens.ts';

export interface StartedSession {
  userId: string;
  sessionId: string;
  refreshToken: string;
  amr: AmrEntry[];
}

/** A new row in auth.sessions with its first refresh token; records the sign-in time. */
export async function createSession(
  tx: Queryable,
  input: { userId: string; method: AuthMethod; userAgent?: string; ip?: string },
): Promise<StartedSession> {
  const amr: AmrEntry[] = [{ method: input.method, timestamp: Math.floor(Date.now() / 1000) }];
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.sessions (user_id, amr, user_agent, ip) values ($1, $2::jsonb, $3, $4) returning id`,
    [input.userId, JSON.stringify(amr), input.userAgent?.slice(0, 512) ?? null, input.ip ?? null],
  );
  const sessionId = rows[0]!.id;
  const refreshToken = randomToken();
  await tx.query(
    'insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)',
    [tokenDigest(refreshToken), input.userId, sessionId],
  );
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [input.userId]);
  await tx.query(
    `update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`,
    [input.userId],
  );
  return { userId: input.userId, sessionId, refreshToken, amr };
}

/**
 * Rotates a refresh token: the presented one is revoked and a new one issued in the same
 * session. Presenting a revoked token (reuse interval 0) is taken as theft: every token of the
 * session is revoked and the session ended, as GoTrue revokes the token family.
 * Returns an AuthError instead of throwing it, so the revocation commits.
 */
export async function rotateRefreshToken(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  presented: string,
): Promise<StartedSession | AuthError> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: string;
      revoked: string;
      session_id: string;
      user_id: string;
      amr: string;
      ended: string;
      banned: string;
    }>(
      `select rt.id, rt.revoked, rt.session_id, rt.user_id, s.amr::text as amr,
         coalesce(s.not_after <= now(), false) as ended,
         coalesce(u.banned_until > now(), false) or u.deleted_at is not null as banned
       from auth.refresh_tokens rt
       join auth.sessions s on s.id = rt.session_id
       join auth.users u on u.id = rt.user_id
       where rt.token = $1
       for update of rt, s`,
      [tokenDigest(presented)],
    );
    const row = rows[0];
    if (!row) {
      return new AuthError(
        400,
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
      );
    }
    if (row.revoked === 't') {
      await tx.query(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked',
        [row.session_id],
      );
      await tx.query(
        'update auth.sessions set not_after = now(), updated_at = now() where id = $1 and (not_after is null or not_after > now())',
        [row.session_id],
      );
      return new AuthError(
        400,
        'refresh_token_already_used',
        'Invalid Refresh Token: Already Used',
      );
    }
    if (row.ended === 't') {
      return new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
    }
    if (row.banned === 't') return new AuthError(400, 'user_banned', 'User is banned');

    const refreshToken = randomToken();
    await tx.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
      [row.id],
    );
    await tx.query(
      'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
      [tokenDigest(refreshToken), row.user_id, row.session_id, tokenDigest(presented)],
    );
    await tx.query(
      'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1',
      [row.session_id],
    );
    return {
      userId: row.user_id,
      sessionId: row.session_id,
      refreshToken,
      amr: JSON.parse(row.amr) as AmrEntry[],
    };
  });
}

/** Whether the session still exists for that user (not signed out, not ended by token reuse). */
export async function sessionIsActive(
  db: Queryable,
  sessionId: string,
  userId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from auth.sessions s join auth.users u on u.id = s.user_id
     where s.id = $1 and s.user_id = $2 and u.deleted_at is null
       and (s.not_after is null or s.not_after > now())`,
    [sessionId, userId],
  );
  return rows.length > 0;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** GoTrue deletes the sessions (their refresh tokens go with them). */
export async function endSessions(
  db: Queryable,
  scope: LogoutScope,
  sessionId: string,
  userId: string,
): Promise<void> {
  if (scope === 'local') await db.query('delete from auth.sessions where id = $1', [sessionId]);
  else if (scope === 'others') {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [
      userId,
      sessionId,
    ]);
  } else await db.query('delete from auth.sessions where user_id = $1', [userId]);
}
