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
 * Tokens already verified, by secret and token: the anon key arrives with every request, and an
 * HMAC check per request was the API's largest CPU cost after the database (PostgREST keeps a
 * JWT cache for the same reason). A token's signature does not change, its expiry is checked on
 * every use, and the cache is emptied when it grows past MAX_CACHED, so it cannot be grown without
 * bound with forged tokens (only valid ones are kept).
 */
const verified = new Map<string, Claims>();
const MAX_CACHED = 1000;

/** Verifies an HS256 token; throws JwtError with PostgREST-like messages. */
export async function verifyJwt(token: string, secret: string): Promise<Claims> {
  const key = `${secret}\n${token}`;
  const known = verified.get(key);
  if (known) {
    if (typeof known.exp === 'number' && known.exp * 1000 <= Date.now()) {
      verified.delete(key);
      throw new JwtError('JWT expired', true);
    }
    return known;
  }
  const parts = token.split('.').length;
  if (parts !== 3) throw new JwtError(`Expected 3 parts in JWT; got ${parts}`);
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] });
    if (verified.size >= MAX_CACHED) verified.clear();
    verified.set(key, Object.freeze(payload) as Claims);
    return payload as Claims;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new JwtError('JWT expired', true);
    if (error instanceof errors.JOSEAlgNotAllowed) throw new JwtError('Wrong or unknown algorithm');
    throw new JwtError('JWT cryptographic operation failed');
  }
}
