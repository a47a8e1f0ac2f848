// Sessions and their refresh tokens (auth.sessions, auth.refresh_tokens): starting one, rotating
// its token with GoTrue's reuse interval, raising it to aal2, ending it.
import { createHmac } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { AuthError } from './errors.ts';
import { randomToken, tokenDigest, type Aal, type AmrEntry, type AuthMethod } from './tokens.ts';

export interface StartedSession {
  userId: string;
  sessionId: string;
  refreshToken: string;
}

/** A new row in auth.sessions (aal1) with its first refresh token; records the sign-in time. */
export async function createSession(
  tx: Queryable,
  input: { userId: string; method: AuthMethod; userAgent?: string; ip?: string },
): Promise<StartedSession> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.sessions (user_id, aal, user_agent, ip) values ($1, 'aal1', $2, $3) returning id`,
    [input.userId, input.userAgent?.slice(0, 512) ?? null, input.ip ?? null],
  );
  const sessionId = rows[0]!.id;
  await addAmrClaim(tx, sessionId, input.method);
  const refreshToken = await issueRefreshToken(tx, input.userId, sessionId);
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [input.userId]);
  await tx.query(
    `update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`,
    [input.userId],
  );
  return { userId: input.userId, sessionId, refreshToken };
}

async function issueRefreshToken(
  tx: Queryable,
  userId: string,
  sessionId: string,
  parent?: string,
  refreshToken = randomToken(),
): Promise<string> {
  await tx.query(
    'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
    [tokenDigest(refreshToken), userId, sessionId, parent ?? null],
  );
  return refreshToken;
}

/** Records how the session was authenticated (GoTrue's AddClaimToSession): one row per method. */
export async function addAmrClaim(
  tx: Queryable,
  sessionId: string,
  method: AuthMethod,
): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey
     do update set updated_at = now()`,
    [sessionId, method],
  );
}

/** The methods that are a second factor: a session with one of them is aal2. */
const SECOND_FACTORS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

/**
 * The session's assurance level and amr claim as GoTrue computes them (CalculateAALAndAMR): from
 * its claims, most recent first.
 */
export async function sessionAssurance(
  db: Queryable,
  sessionId: string,
): Promise<{ aal: Aal; amr: AmrEntry[] }> {
  const { rows } = await db.query<{ method: AuthMethod; timestamp: string }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::bigint as timestamp
       from auth.mfa_amr_claims where session_id = $1
      order by updated_at desc, authentication_method`,
    [sessionId],
  );
  const amr = rows.map((row) => ({ method: row.method, timestamp: Number(row.timestamp) }));
  return { aal: amr.some((entry) => SECOND_FACTORS.has(entry.method)) ? 'aal2' : 'aal1', amr };
}

/**
 * After a second factor: the session becomes aal2 and gets a new refresh token, and the ones it
 * had are revoked, so only the client that verified holds an aal2 refresh token (GoTrue's swap).
 */
export async function raiseSessionToAal2(
  tx: Queryable,
  input: { userId: string; sessionId: string; factorId: string; method: AuthMethod },
): Promise<StartedSession> {
  await addAmrClaim(tx, input.sessionId, input.method);
  await tx.query(
    `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`,
    [input.sessionId, input.factorId],
  );
  const { rows } = await tx.query<{ token: string }>(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
      where session_id = $1 and not revoked returning token`,
    [input.sessionId],
  );
  const refreshToken = await issueRefreshToken(tx, input.userId, input.sessionId, rows[0]?.token);
  return { userId: input.userId, sessionId: input.sessionId, refreshToken };
}

/**
 * The token a rotation of `parent` issues. Derived rather than random, so that a client
 * presenting `parent` again within the reuse interval can be given the same token back though
 * only digests are stored; without the secret nobody can derive it.
 */
function childToken(secret: string, parent: string): string {
  return createHmac('sha256', secret)
    .update(`refresh-token-child:${parent}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * Rotates a refresh token: the presented one is revoked and a new one issued in the same
 * session. The token it replaced, presented again within `reuseIntervalSeconds` of its rotation
 * while its child is still the session's active token, answers with that child (GoTrue's
 * refresh_token_reuse_interval: a client that lost the answer of its refresh stays signed in).
 * Any other revoked token is taken as theft: every token of the session is revoked and the
 * session ended, as GoTrue revokes the token family.
 * Returns an AuthError instead of throwing it, so the revocation commits.
 */
export async function rotateRefreshToken(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  presented: string,
  rotation: { secret: string; reuseIntervalSeconds: number },
): Promise<StartedSession | AuthError> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: string;
      revoked: string;
      session_id: string;
      user_id: string;
      reusable: string;
      ended: string;
      banned: string;
    }>(
      `select rt.id, rt.revoked, rt.session_id, rt.user_id,
         coalesce(rt.updated_at > now() - make_interval(secs => $2::float8), false) as reusable,
         coalesce(s.not_after <= now(), false) as ended,
         coalesce(u.banned_until > now(), false) or u.deleted_at is not null as banned
       from auth.refresh_tokens rt
       join auth.sessions s on s.id = rt.session_id
       join auth.users u on u.id = rt.user_id
       where rt.token = $1
       for update of rt, s`,
      [tokenDigest(presented), rotation.reuseIntervalSeconds],
    );
    const row = rows[0];
    if (!row) {
      return new AuthError(
        400,
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
      );
    }
    const child = childToken(rotation.secret, presented);
    if (row.revoked === 't' && row.reusable === 't' && row.ended !== 't' && row.banned !== 't') {
      const active = await tx.query(
        `select 1 from auth.refresh_tokens
          where token = $1 and parent = $2 and session_id = $3 and not revoked`,
        [tokenDigest(child), tokenDigest(presented), row.session_id],
      );
      if (active.rows.length > 0) {
        await tx.query(
          'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1',
          [row.session_id],
        );
        return { userId: row.user_id, sessionId: row.session_id, refreshToken: child };
      }
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

    await tx.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
      [row.id],
    );
    const refreshToken = await issueRefreshToken(
      tx,
      row.user_id,
      row.session_id,
      tokenDigest(presented),
      child,
    );
    await tx.query(
      'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1',
      [row.session_id],
    );
    return {
      userId: row.user_id,
      sessionId: row.session_id,
      refreshToken,
    };
  });
}

/**
 * The session's assurance level when it still exists for that user (not signed out, not ended by
 * token reuse), else undefined.
 */
export async function activeSessionAal(
  db: Queryable,
  sessionId: string,
  userId: string,
): Promise<Aal | undefined> {
  const { rows } = await db.query<{ aal: string | null }>(
    `select s.aal::text as aal from auth.sessions s join auth.users u on u.id = s.user_id
     where s.id = $1 and s.user_id = $2 and u.deleted_at is null
       and (s.not_after is null or s.not_after > now())`,
    [sessionId, userId],
  );
  if (!rows[0]) return undefined;
  return rows[0].aal === 'aal2' ? 'aal2' : 'aal1';
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
