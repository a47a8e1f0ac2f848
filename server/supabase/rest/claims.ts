// Who is asking: the Bearer JWT (else the apikey header), verified HS256, and the role it names.
import type { IncomingHttpHeaders } from 'node:http';
import { JwtError, verifyJwt, type Claims } from '../jwt.ts';
import type { Roles } from './catalog.ts';
import { jwtError, RestError } from './errors.ts';

/** PostgREST's db-anon-role, as Supabase configures it. */
export const ANON_ROLE = 'anon';

export interface Caller {
  role: string;
  /** The claims as request.jwt.claims carries them: the token's, with `role` filled in. */
  claims: Claims;
}

/** The Bearer token, else the apikey header, else `?apikey=` (Supabase's gateway accepts it there). */
export function requestToken(
  headers: IncomingHttpHeaders,
  queryKey: string | null,
): string | undefined {
  const bearer = /^Bearer\s+(.*)$/i.exec(headers.authorization ?? '')?.[1]?.trim();
  if (bearer) return bearer;
  const apikey = headers.apikey;
  const key = (Array.isArray(apikey) ? apikey[0] : apikey)?.trim() || queryKey?.trim();
  return key || undefined;
}

export async function identifyCaller(
  headers: IncomingHttpHeaders,
  queryKey: string | null,
  secret: string,
  roles: Roles,
): Promise<Caller> {
  const jwt = requestToken(headers, queryKey);
  if (!jwt) return { role: ANON_ROLE, claims: { role: ANON_ROLE } };
  let claims: Claims;
  try {
    claims = await verifyJwt(jwt, secret);
  } catch (error) {
    if (error instanceof JwtError) throw jwtError(error.message, error.expired);
    throw error;
  }
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : ANON_ROLE;
  if (!roles.assumableRoles.has(role)) {
    // A signed token may only switch to the roles granted to the server's login, as PostgREST's
    // authenticator can; the server's own (owner) role is never one of them.
    if (!roles.existingRoles.has(role)) {
      throw new RestError(401, { code: '22023', message: `role "${role}" does not exist` });
    }
    throw new RestError(403, { code: '42501', message: `permission denied to set role "${role}"` });
  }
  return { role, claims: { ...claims, role } };
}
