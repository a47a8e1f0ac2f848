// The Supabase Storage-compatible object API mounted at /storage/v1: what storage-js's file API
// sends for upload, update, download, info, remove, list, public URLs and signed URLs
// (supabase/storage src/http/routes/object; the signed ones in signed-urls.ts). Rows live in
// storage.objects and are read and written in the caller's transaction
// (server/supabase/rest/transaction.ts), so the migrations' policies decide; the bytes live in a
// byte store (byte-store.ts): files under DATA_DIR (files.ts) or an S3 bucket (s3-objects.ts).
// Buckets are made by migrations, not through this API.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '../db/types.ts';
import { quietLog } from '#shared/quiet-log.ts';
import { sendJson, type Handler } from '#server/http.ts';
import { createS3Client, type S3Settings } from '#server/s3.ts';
import { loadRoles, type Roles } from '../rest/catalog.ts';
import { identifyCaller, type Caller } from '../rest/claims.ts';
import { RestError } from '../rest/errors.ts';
import { callerTransaction, type InTransaction } from '../rest/transaction.ts';
import {
  accessDenied,
  noSuchBucket,
  noSuchKey,
  sendStorageError,
  storageErrorOf,
} from './errors.ts';
import type { ByteStore } from './byte-store.ts';
import { ObjectFiles } from './files.ts';
import { mustBeValidBucketName, mustBeValidObjectName } from './names.ts';
import {
  deleteObjects,
  findBucket,
  findObject,
  listObjects,
  type StoredObject,
} from './objects.ts';
import { deletedNames, jsonBody, listOptions, PREFIX, routeOf } from './requests.ts';
import { S3Objects } from './s3-objects.ts';
import { sendInfo, sendObject } from './serve.ts';
import {
  ownerTransaction,
  signDownload,
  signDownloads,
  signUpload,
  verifySignedUrl,
} from './signed-urls.ts';
import { MAX_UPLOAD_BYTES, storeUpload } from './upload.ts';

/** An upload another host left untouched this long is dead (a data directory shared by servers). */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

/** What is left of a refused request's body is read and dropped, up to this much. */
const MAX_DISCARDED_BYTES = 2 * MAX_UPLOAD_BYTES;

/**
 * Reads and drops what is left of a refused request's body, so the client, still sending, gets
 * the answer and the connection stays usable; a client that sends on and on is cut off.
 */
function discardBody(req: IncomingMessage): void {
  if (req.readableEnded) return;
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARDED_BYTES) req.socket.destroy();
  });
  req.resume();
}

export interface StorageApi {
  handle: Handler;
  /** Reads again which roles a token may name (with the REST API's schema reload). */
  reloadRoles(): Promise<void>;
}

export async function createStorageApi(opts: {
  db: Database;
  jwtSecret: string;
  dataDir: string;
  /** True when no other server uses the data directory (PGlite's lock): every leftover upload is dead. */
  exclusiveDataDir: boolean;
  /** Keep the bytes in this S3 bucket; without it, under DATA_DIR/storage. */
  s3?: S3Settings;
  log: (line: string) => void;
}): Promise<StorageApi> {
  const { db, jwtSecret, log } = opts;
  // Uploads are spooled under DATA_DIR whichever store keeps them.
  const files = new ObjectFiles(opts.dataDir);
  const store: ByteStore = opts.s3 ? new S3Objects(createS3Client(opts.s3), log) : files;
  let roles: Roles = await loadRoles(db);
  const swept = await files.sweepUploads({
    everything: opts.exclusiveDataDir,
    staleAfterMs: STALE_UPLOAD_MS,
  });
  if (swept) log(`Removed ${swept} unfinished upload(s) from ${files.uploads}`);

  async function caller(req: IncomingMessage, url: URL): Promise<Caller> {
    try {
      return await identifyCaller(req.headers, url.searchParams.get('apikey'), jwtSecret, roles);
    } catch (error) {
      // Storage answers a token it cannot verify as access denied, in its own envelope.
      if (error instanceof RestError) throw accessDenied(error.message);
      throw error;
    }
  }

  /** Removes bytes whose rows are gone; a failure only leaves unreachable bytes behind. */
  async function removeFiles(objects: Array<Pick<StoredObject, 'bucket_id' | 'name' | 'version'>>) {
    for (const object of objects) {
      await store
        .remove(object.bucket_id, object.name, object.version)
        .catch((error: unknown) =>
          log(`Could not remove the file of ${object.bucket_id}/${object.name}: ${String(error)}`),
        );
    }
  }

  async function upload(
    req: IncomingMessage,
    res: ServerResponse,
    inTransaction: InTransaction,
    who: Caller,
    route: { bucket: string; name: string; upsert: boolean },
  ): Promise<void> {
    mustBeValidBucketName(route.bucket);
    mustBeValidObjectName(route.name);
    const bucket = await findBucket(db, route.bucket);
    if (!bucket) throw noSuchBucket();
    const stored = await storeUpload(db, files, store, inTransaction, {
      req,
      bucket,
      name: route.name,
      owner: typeof who.claims.sub === 'string' && who.claims.sub ? who.claims.sub : undefined,
      upsert: route.upsert,
    });
    if (stored.replacedVersion !== null) {
      await removeFiles([
        { bucket_id: bucket.id, name: route.name, version: stored.replacedVersion },
      ]);
    }
    sendJson(res, 200, { Id: stored.id, Key: `${bucket.id}/${route.name}` });
  }

  async function removeMany(
    req: IncomingMessage,
    res: ServerResponse,
    inTransaction: InTransaction,
    bucketId: string,
  ): Promise<void> {
    const names = deletedNames(await jsonBody(req));
    // Rows first: once they are gone nobody is served the files, which then go too.
    const deleted = await inTransaction(false, (tx) => deleteObjects(tx, bucketId, names));
    await removeFiles(deleted);
    sendJson(res, 200, deleted);
  }

  async function list(
    req: IncomingMessage,
    res: ServerResponse,
    inTransaction: InTransaction,
    bucketId: string,
  ): Promise<void> {
    const options = listOptions(await jsonBody(req));
    sendJson(res, 200, await inTransaction(true, (tx) => listObjects(tx, bucketId, options)));
  }

  /**
   * The object a download or info request names. A public bucket's objects are anyone's to read
   * (Storage reads them as its superuser); a private bucket's only through the select policies.
   */
  async function lookUp(
    bucketId: string,
    name: string,
    /** The caller's transaction; none on the public routes. */
    inTransaction: InTransaction | undefined,
  ): Promise<StoredObject> {
    mustBeValidBucketName(bucketId);
    mustBeValidObjectName(name);
    const bucket = await findBucket(db, bucketId);
    if (!bucket || (!inTransaction && !bucket.public)) throw noSuchBucket();
    const object =
      bucket.public || !inTransaction
        ? await findObject(db, bucketId, name)
        : await inTransaction(true, (tx) => findObject(tx, bucketId, name));
    if (!object) throw noSuchKey();
    return object;
  }

  async function serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const route = routeOf(method, url);
    const path = url.pathname.slice(PREFIX.length);
    const callersTransaction = async () => callerTransaction(db, await caller(req, url), req, path);
    switch (route.kind) {
      case 'download':
      case 'info': {
        // The public routes ask for no token, as Storage's do.
        const inTransaction = route.access === 'public' ? undefined : await callersTransaction();
        const object = await lookUp(route.bucket, route.name, inTransaction);
        if (route.kind === 'info') return sendInfo(res, object);
        return sendObject(req, res, {
          bytes: (withBody) => store.read(route.bucket, route.name, object.version, withBody),
          object,
          shared: route.access === 'public',
          download: url.searchParams.get('download'),
        });
      }
      case 'upload': {
        const who = await caller(req, url);
        const upsert = route.upsert || req.headers['x-upsert'] === 'true';
        return upload(req, res, callerTransaction(db, who, req, path), who, { ...route, upsert });
      }
      case 'sign':
        return sendJson(
          res,
          200,
          await signDownload(await callersTransaction(), jwtSecret, route, await jsonBody(req)),
        );
      case 'sign-many': {
        const body = await jsonBody(req);
        return sendJson(
          res,
          200,
          await signDownloads(await callersTransaction(), jwtSecret, route.bucket, body),
        );
      }
      case 'sign-upload': {
        const who = await caller(req, url);
        const owner =
          typeof who.claims.sub === 'string' && who.claims.sub ? who.claims.sub : undefined;
        const upsert = req.headers['x-upsert'] === 'true';
        const inTransaction = callerTransaction(db, who, req, path);
        return sendJson(
          res,
          200,
          await signUpload(db, inTransaction, jwtSecret, { ...route, owner, upsert }),
        );
      }
      case 'signed-download': {
        // The token is the authority: the object is looked up as Storage's superuser.
        await verifySignedUrl(jwtSecret, url.searchParams.get('token'), 'download', route);
        const object = await lookUp(route.bucket, route.name, ownerTransaction(db));
        const bytes = (withBody: boolean) =>
          store.read(route.bucket, route.name, object.version, withBody);
        const download = url.searchParams.get('download');
        return sendObject(req, res, { bytes, object, shared: false, download });
      }
      case 'signed-upload': {
        const claims = await verifySignedUrl(
          jwtSecret,
          url.searchParams.get('token'),
          'upload',
          route,
        );
        const owner = typeof claims.owner === 'string' ? claims.owner : undefined;
        const who = { role: 'service_role', claims: { sub: owner } };
        return upload(req, res, ownerTransaction(db), who, {
          ...route,
          upsert: claims.upsert === true,
        });
      }
      case 'remove':
        return removeMany(req, res, await callersTransaction(), route.bucket);
      case 'list':
        return list(req, res, await callersTransaction(), route.bucket);
    }
  }

  // Errors Storage has no answer of its own for, each logged at most once a minute.
  const quiet = quietLog();
  const logQuietly = (key: string, line: (repeats: string) => string) =>
    quiet(key, (repeats) => log(line(repeats)));
  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    try {
      await serve(req, res, url);
    } catch (caught) {
      // The client went away mid-request: nobody is left to answer.
      if (req.socket?.destroyed || res.destroyed) {
        res.destroy();
        return;
      }
      const error = storageErrorOf(caught, `${method} ${url.pathname}`, logQuietly);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendStorageError(res, method, error);
      discardBody(req);
    }
  }

  return {
    handle,
    async reloadRoles() {
      roles = await loadRoles(db);
    },
  };
}
