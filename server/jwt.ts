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

/** Verifies an HS256 token; throws JwtError with PostgREST-like messages. */
export async function verifyJwt(token: string, secret: string): Promise<Claims> {
  const parts = token.split('.').length;
  if (parts !== 3) throw new JwtError(`Expected 3 parts in JWT; got ${parts}`);
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] });
    return payload as Claims;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new JwtError('JWT expired', true);
    if (error instanceof errors.JOSEAlgNotAllowed) throw new JwtError('Wrong or unknown algorithm');
    throw new JwtError('JWT cryptographic operation failed');
  }
}
