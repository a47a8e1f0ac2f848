// Signed URLs as Supabase Storage makes them (supabase/storage src/storage/object.ts and the
// object/sign routes): a JWT signed with the project's secret naming one object (`url`: bucket and
// name), what it is for (`scope`: download or upload) and when it ends. Signing obeys the caller's
// policies (a download URL only for an object the caller can select; an upload URL only where
// the caller could insert); using the URL needs nothing but its token.
import { isPostgresError, type Database, type Queryable } from '../db/types.ts';
import { JwtError, signJwt, verifyJwt, type Claims } from '../jwt.ts';
import type { InTransaction } from '../rest/transaction.ts';
import {
  invalidRequest,
  keyAlreadyExists,
  noSuchBucket,
  noSuchKey,
  StorageError,
} from './errors.ts';
import { mustBeValidBucketName, mustBeValidObjectName } from './names.ts';
import { findBucket, findObject, writeObject } from './objects.ts';
import { testPermission } from './upload.ts';

/** Storage's UPLOAD_SIGNED_URL_EXPIRATION_TIME: a signed upload URL works for two hours. */
export const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60;
/** The most paths one createSignedUrls request may name, as Storage bounds a delete. */
const MAX_SIGNED_PATHS = 1000;
/** The longest a download URL may be asked to last: ten years, far past any real use. */
const MAX_EXPIRES_IN = 10 * 365 * 24 * 60 * 60;

type Scope = 'download' | 'upload';

const invalidSignature = (message = 'The url do not match the signature') =>
  new StorageError(400, 'InvalidSignature', message);

/** jsonwebtoken's words for a token it refuses, as Storage passes them on. */
function invalidJwt(error: JwtError): StorageError {
  const message = error.expired
    ? 'jwt expired'
    : error.message.startsWith('Expected 3 parts')
      ? 'jwt malformed'
      : 'invalid signature';
  return new StorageError(400, 'InvalidJWT', message);
}

function expiresInOf(body: Record<string, unknown>): number {
  const { expiresIn } = body;
  if (expiresIn === undefined) throw invalidRequest("body must have required property 'expiresIn'");
  if (!Number.isInteger(expiresIn)) throw invalidRequest('body/expiresIn must be integer');
  if ((expiresIn as number) < 1) throw invalidRequest('body/expiresIn must be >= 1');
  return Math.min(expiresIn as number, MAX_EXPIRES_IN);
}

async function signToken(
  secret: string,
  claims: Claims & { url: string; scope: Scope },
  expiresIn: number,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt({ ...claims, iat, exp: iat + expiresIn }, secret);
}

/** POST /object/sign/{bucket}/{name}: createSignedUrl, for an object the caller can select. */
export async function signDownload(
  inTransaction: InTransaction,
  secret: string,
  route: { bucket: string; name: string },
  body: Record<string, unknown>,
): Promise<{ signedURL: string }> {
  mustBeValidBucketName(route.bucket);
  mustBeValidObjectName(route.name);
  const expiresIn = expiresInOf(body);
  const found = await inTransaction(true, (tx) => findObject(tx, route.bucket, route.name));
  if (!found) throw noSuchKey();
  const url = `${route.bucket}/${route.name}`;
  const token = await signToken(secret, { url, scope: 'download' }, expiresIn);
  return { signedURL: `/object/sign/${url}?token=${token}` };
}

/** POST /object/sign/{bucket}: createSignedUrls, an error for each path the caller cannot select. */
export async function signDownloads(
  inTransaction: InTransaction,
  secret: string,
  bucket: string,
  body: Record<string, unknown>,
): Promise<Array<{ error: string | null; path: string; signedURL: string | null }>> {
  mustBeValidBucketName(bucket);
  const expiresIn = expiresInOf(body);
  const { paths } = body;
  if (!Array.isArray(paths)) throw invalidRequest("body must have required property 'paths'");
  if (paths.length === 0) throw invalidRequest('body/paths must NOT have fewer than 1 items');
  if (paths.some((path) => typeof path !== 'string')) {
    throw invalidRequest('body/paths must be array of strings');
  }
  if (paths.length > MAX_SIGNED_PATHS) {
    throw invalidRequest(`body/paths must NOT have more than ${MAX_SIGNED_PATHS} items`);
  }
  const visible = await inTransaction(true, async (tx: Queryable) => {
    const { rows } = await tx.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
      [bucket, paths],
    );
    return new Set(rows.map((row) => row.name));
  });
  return Promise.all(
    (paths as string[]).map(async (path) => {
      if (!visible.has(path)) {
        return {
          error: 'Either the object does not exist or you do not have access to it',
          path,
          signedURL: null,
        };
      }
      const url = `${bucket}/${path}`;
      const token = await signToken(secret, { url, scope: 'download' }, expiresIn);
      return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` };
    }),
  );
}

/**
 * POST /object/upload/sign/{bucket}/{name}: createSignedUploadUrl, where the caller's policies
 * would let them insert (a write tried and rolled back). The token carries the caller as owner.
 */
export async function signUpload(
  db: Database,
  inTransaction: InTransaction,
  secret: string,
  route: { bucket: string; name: string; owner: string | undefined; upsert: boolean },
): Promise<{ url: string; token: string }> {
  mustBeValidBucketName(route.bucket);
  mustBeValidObjectName(route.name);
  if (!(await findBucket(db, route.bucket))) throw noSuchBucket();
  await testPermission(inTransaction, (tx) =>
    writeObject(
      tx,
      {
        bucketId: route.bucket,
        name: route.name,
        owner: route.owner,
        id: crypto.randomUUID(),
        version: crypto.randomUUID(),
        metadata: {},
        userMetadata: undefined,
      },
      route.upsert,
    ),
  ).catch((error: unknown) => {
    throw isPostgresError(error) && error.code === '23505' ? keyAlreadyExists() : error;
  });
  const url = `${route.bucket}/${route.name}`;
  const token = await signToken(
    secret,
    { url, scope: 'upload', upsert: route.upsert, ...(route.owner ? { owner: route.owner } : {}) },
    SIGNED_UPLOAD_SECONDS,
  );
  return { url: `/object/upload/sign/${url}?token=${token}`, token };
}

/** The claims of a signed URL's token, once it is known to be for this object and this use. */
export async function verifySignedUrl(
  secret: string,
  token: string | null,
  scope: Scope,
  route: { bucket: string; name: string },
): Promise<Claims> {
  if (!token) throw invalidRequest("querystring must have required property 'token'");
  let claims: Claims;
  try {
    claims = await verifyJwt(token, secret);
  } catch (error) {
    if (error instanceof JwtError) throw invalidJwt(error);
    throw error;
  }
  // A token of another kind (an API key, a session) names no object: it signs nothing here.
  if (typeof claims.url !== 'string') throw invalidSignature();
  if (claims.scope !== scope) throw invalidSignature(`Token is not scoped for ${scope}`);
  if (claims.url !== `${route.bucket}/${route.name}`) throw invalidSignature();
  return claims;
}

/** The server's own transaction (no role switched): a signed URL's token is its authority. */
export function ownerTransaction(db: Database): InTransaction {
  const run = <T>(_readOnly: boolean, fn: (tx: Queryable) => Promise<T>) => db.transaction(fn);
  run.statement = <R>(_readOnly: boolean, sql: string, params: unknown[]) =>
    db.batch<R>([{ sql, params }]);
  return run;
}
