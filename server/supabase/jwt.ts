import { SignJWT, jwtVerify, errors } from 'jose';

export type Claims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

export class JwtError extends Error {
  readonly expired: boolean;
  constructor(message: string, expired = false) {
    super(message);
    this.name = 'JwtError';
    this.expired = expired;
  }
}

const encoder = new TextEncoder();

/** Signs claims with HS256, as Supabase's legacy shared-secret keys and GoTrue tokens are. */
export async function signJwt(claims: Claims, secret: string): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(encoder.encode(secret));
}

/**
 * Tokens already verified, by secret, then token: the anon key arrives with every request, and an
 * HMAC check per request was the API's largest CPU cost after the database (PostgREST keeps a
 * JWT cache for the same reason). A token's signature does not change, its expiry is checked on
 * every use, and a secret's tokens are forgotten when they grow past MAX_CACHED, so they cannot be
 * grown without bound with forged tokens (only valid ones are kept). Keyed in two steps, not by
 * the two joined: joining made and hashed a new string of both for every lookup.
 */
const verified = new Map<string, Map<string, Claims>>();
const MAX_CACHED = 1000;

/** Verifies an HS256 token; throws JwtError with PostgREST-like messages. */
export async function verifyJwt(token: string, secret: string): Promise<Claims> {
  const bySecret = verified.get(secret);
  const known = bySecret?.get(token);
  if (bySecret && known) {
    if (typeof known.exp === 'number' && known.exp * 1000 <= Date.now()) {
      bySecret.delete(token);
      throw new JwtError('JWT expired', true);
    }
    return known;
  }
  const parts = token.split('.').length;
  if (parts !== 3) throw new JwtError(`Expected 3 parts in JWT; got ${parts}`);
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] });
    const kept = bySecret ?? new Map<string, Claims>();
    if (!bySecret) verified.set(secret, kept);
    if (kept.size >= MAX_CACHED) kept.clear();
    kept.set(token, Object.freeze(payload) as Claims);
    return payload as Claims;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new JwtError('JWT expired', true);
    if (error instanceof errors.JOSEAlgNotAllowed) throw new JwtError('Wrong or unknown algorithm');
    throw new JwtError('JWT cryptographic operation failed');
  }
}
