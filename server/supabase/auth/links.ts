import type { IncomingMessage } from 'node:http';
import type { Queryable } from '../db/types.ts';
import { integerSetting, readProjectConfig, type TomlTables } from '../project-config.ts';
import { randomToken, tokenDigest } from './tokens.ts';

/** The kinds of e-mailed link this server issues. */
export type LinkKind = 'recovery' | 'magiclink' | 'invite';

/** The longest an e-mailed link may last: GoTrue refuses an OTP expiry over a day. */
export const MAX_LINK_TTL_SECONDS = 86_400;

/**
 * How long an e-mailed link works: config.toml's [auth.email] otp_expiry, which a hosted project
 * reads too (GoTrue's default is an hour when it is not set).
 */
export function linkTtlSeconds(config: TomlTables): number {
  const seconds = integerSetting(config, 'auth.email', 'otp_expiry', 3600);
  if (seconds < 60 || seconds > MAX_LINK_TTL_SECONDS) {
    throw new Error(
      `config.toml [auth.email] otp_expiry must be between 60 and ${MAX_LINK_TTL_SECONDS} seconds`,
    );
  }
  return seconds;
}

/** E-mailed links work once, for this long. */
export const LINK_TTL_SECONDS = linkTtlSeconds(readProjectConfig());

/** "24 hours", "one hour", "30 minutes": a link's lifetime in a mail's words. */
export function lifetimeInWords(seconds: number): string {
  const hours = seconds / 3600;
  if (Number.isInteger(hours)) return hours === 1 ? 'one hour' : `${hours} hours`;
  return `${Math.round(seconds / 60)} minutes`;
}

/**
 * Which stored kinds a /verify `type` may redeem; GoTrue's `email` accepts the sign-in kinds.
 * (`email_change` tokens live in auth.users' email_change columns, see email-change.ts.)
 */
export const KINDS_FOR_VERIFY_TYPE: Record<string, LinkKind[]> = {
  recovery: ['recovery'],
  magiclink: ['magiclink'],
  email: ['magiclink', 'recovery'],
  invite: ['invite'],
  // Valid types this server never issues tokens for: they verify nothing.
  signup: [],
  sms: [],
  phone_change: [],
};

/**
 * Stores a fresh token (its digest only). Earlier unexpired links of the same kind keep working:
 * a stranger asking for another link must not void the one the user is about to open;
 * the mail limit bounds how many there can be, and using one voids the rest.
 */
export async function issueLinkToken(
  db: Queryable,
  userId: string,
  email: string,
  kind: LinkKind,
): Promise<string> {
  const token = randomToken(32);
  await db.query(
    `delete from auth.one_time_tokens
     where user_id = $1 and token_type = $2 and created_at <= now() - make_interval(secs => $3::float8)`,
    [userId, kind, LINK_TTL_SECONDS],
  );
  await db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
     values ($1, $2, $3, $4)`,
    [userId, kind, tokenDigest(token), email],
  );
  if (kind === 'recovery') {
    await db.query('update auth.users set recovery_sent_at = now() where id = $1', [userId]);
  }
  return token;
}

/**
 * Redeems a token: deleted whether fresh or stale, so it never works twice, and a fresh one takes
 * the user's other links of its kind with it. With `email`, the token must also belong to that
 * address. Returns the user and kind, or undefined.
 */
export async function redeemLinkToken(
  tx: Queryable,
  token: string,
  kinds: LinkKind[],
  email?: string,
): Promise<{ userId: string; kind: LinkKind } | undefined> {
  if (!token || kinds.length === 0) return undefined;
  const { rows } = await tx.query<{ user_id: string; token_type: LinkKind; fresh: string }>(
    `delete from auth.one_time_tokens t
     using auth.users u
     where t.token_hash = $1 and t.token_type = any($2::text[]) and u.id = t.user_id
       and ($3::text is null or lower(u.email) = lower($3::text))
     returning t.user_id, t.token_type,
       t.created_at > now() - make_interval(secs => $4::float8) as fresh`,
    [tokenDigest(token), kinds, email ?? null, LINK_TTL_SECONDS],
  );
  const row = rows[0];
  if (!row || row.fresh !== 't') return undefined;
  await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
    row.user_id,
    row.token_type,
  ]);
  return { userId: row.user_id, kind: row.token_type };
}

/**
 * The origin the request was addressed to. Host is what the client sent; X-Forwarded-Proto is
 * honoured only for the scheme (a TLS-terminating proxy), never to change the host.
 */
export function requestOrigin(req: IncomingMessage): string {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim();
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  const scheme =
    forwarded === 'https' || forwarded === 'http' ? forwarded : encrypted ? 'https' : 'http';
  const host = req.headers.host ?? '';
  if (/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host))
    return `${scheme}://${host}`;
  return `${scheme}://localhost`;
}

/**
 * Where an e-mail link may send the browser: only back to the site itself (same origin), else to
 * the site URL, so a link can never carry tokens to another origin.
 */
export function safeRedirect(requested: string | null | undefined, siteUrl: string): string {
  const site = new URL(siteUrl);
  site.hash = '';
  if (!requested) return site.href;
  let target: URL;
  try {
    target = new URL(requested, site);
  } catch {
    return site.href;
  }
  if (target.origin !== site.origin) return site.href;
  target.hash = '';
  return target.href;
}
