import { createHash } from 'node:crypto';
import type { Queryable } from '../db/types.ts';

/** At most `max` hits per fixed window of `windowSeconds`. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface AuthLimits {
  /** Failed password sign-ins (and sign-in links asked for unknown addresses) per client IP. */
  signInFailuresPerIp: Limit;
  /** Failed password sign-ins per account (per e-mail address, known or not) on unknown devices. */
  signInFailuresPerAccount: Limit;
  /** Failed password sign-ins from one known device (a browser that signed in to the account). */
  signInFailuresPerDevice: Limit;
  /** Recovery and sign-in mails per address (GoTrue's SMTP max frequency), known or not. */
  emailsPerAddress: Limit;
  /** Requests for recovery and sign-in links per client address, known addresses or not. */
  linkRequestsPerIp: Limit;
  /** Recovery and sign-in link requests for the whole site (GoTrue's RATE_LIMIT_EMAIL_SENT). */
  emailsSent: Limit;
}

export const DEFAULT_LIMITS: AuthLimits = {
  signInFailuresPerIp: { max: 30, windowSeconds: 5 * 60 },
  signInFailuresPerAccount: { max: 10, windowSeconds: 15 * 60 },
  signInFailuresPerDevice: { max: 10, windowSeconds: 15 * 60 },
  emailsPerAddress: { max: 1, windowSeconds: 60 },
  linkRequestsPerIp: { max: 30, windowSeconds: 60 * 60 },
  emailsSent: { max: 30, windowSeconds: 60 * 60 },
};

export interface HitResult {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
}

export interface Throttle {
  /** Counts one hit against `key`; allowed while the window holds at most `limit.max` hits. */
  hit(key: string, limit: Limit): Promise<HitResult>;
  /** Takes one hit back, e.g. for a sign-in that turned out to succeed. */
  refund(key: string): Promise<void>;
  /** Forgets the key, e.g. an account's failures after a successful sign-in. */
  reset(key: string): Promise<void>;
}

const SWEEP_EVERY = 200;
const MAX_KEY_LENGTH = 200;

/** Keys embed client input (addresses); long ones are digested to fit the primary-key index. */
export function storedKey(key: string): string {
  if (key.length <= MAX_KEY_LENGTH) return key;
  return `sha256:${createHash('sha256').update(key, 'utf8').digest('hex')}`;
}

/**
 * Fixed-window counters in auth.rate_limits. Counting happens in one upsert, so concurrent
 * requests (and several servers on one PostgreSQL) cannot slip past the limit together.
 */
export function createThrottle(db: Queryable, now: () => Date = () => new Date()): Throttle {
  let hitsSinceSweep = 0;
  return {
    async hit(key, limit) {
      const at = now().toISOString();
      if (++hitsSinceSweep >= SWEEP_EVERY) {
        hitsSinceSweep = 0;
        await db.query('delete from auth.rate_limits where reset_at <= $1', [at]);
      }
      const { rows } = await db.query<{ hits: string; retry_after: string }>(
        `insert into auth.rate_limits as r (key, hits, reset_at)
         values ($1, 1, $2::timestamptz + make_interval(secs => $3::float8))
         on conflict (key) do update set
           hits = case when r.reset_at > $2::timestamptz then r.hits + 1 else 1 end,
           reset_at = case when r.reset_at > $2::timestamptz then r.reset_at else excluded.reset_at end
         returning hits, extract(epoch from reset_at - $2::timestamptz) as retry_after`,
        [storedKey(key), at, limit.windowSeconds],
      );
      const row = rows[0]!;
      return {
        allowed: Number(row.hits) <= limit.max,
        retryAfter: Math.ceil(Number(row.retry_after)),
      };
    },
    async refund(key) {
      await db.query(
        'update auth.rate_limits set hits = greatest(hits - 1, 0) where key = $1 and reset_at > $2',
        [storedKey(key), now().toISOString()],
      );
    },
    async reset(key) {
      await db.query('delete from auth.rate_limits where key = $1', [storedKey(key)]);
    },
  };
}
