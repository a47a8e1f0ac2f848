// The rows of storage.buckets and storage.objects. Buckets are read by the server itself (Storage
// reads them as its superuser); objects are read and written in the caller's transaction, so the
// migrations' policies on storage.objects decide. Rows come back as JSON built in SQL, so PGlite
// and pg hand over the same text.
import type { Queryable } from '../db/types.ts';

export interface Bucket {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/** The metadata Storage keeps with each object (its ObjectMetadata). */
export interface ObjectMetadata {
  eTag?: string;
  size?: number;
  mimetype?: string;
  cacheControl?: string;
  lastModified?: string;
  contentLength?: number;
  httpStatusCode?: number;
}

/** A row of storage.objects as Storage's API shows it (objectSchema). */
export interface StoredObject {
  name: string;
  bucket_id: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  id: string;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: unknown;
}

/** A file or folder of a listing (storage.search's columns). */
export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: ObjectMetadata | null;
}

/** Timestamps as JSON shows a JavaScript Date, as Storage's answers carry them. */
const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const objectJson = `json_build_object(
  'name', o.name, 'bucket_id', o.bucket_id, 'owner', o.owner, 'owner_id', o.owner_id,
  'version', o.version, 'id', o.id, 'updated_at', ${iso('o.updated_at')},
  'created_at', ${iso('o.created_at')}, 'last_accessed_at', ${iso('o.last_accessed_at')},
  'metadata', o.metadata, 'user_metadata', o.user_metadata)::text`;

export async function findBucket(db: Queryable, id: string): Promise<Bucket | undefined> {
  const { rows } = await db.query<{ bucket: string }>(
    `select json_build_object('id', id, 'public', coalesce(public, false),
       'fileSizeLimit', file_size_limit, 'allowedMimeTypes', allowed_mime_types)::text as bucket
       from storage.buckets where id = $1`,
    [id],
  );
  return rows[0] && (JSON.parse(rows[0].bucket) as Bucket);
}

export async function findObject(
  tx: Queryable,
  bucketId: string,
  name: string,
): Promise<StoredObject | undefined> {
  const { rows } = await tx.query<{ object: string }>(
    `select ${objectJson} as object from storage.objects o where o.bucket_id = $1 and o.name = $2`,
    [bucketId, name],
  );
  return rows[0] && (JSON.parse(rows[0].object) as StoredObject);
}

export interface ObjectWrite {
  /** A new row's id; an upsert onto an existing row keeps that row's. */
  id: string;
  bucketId: string;
  name: string;
  /** The token's `sub`: owner_id, and owner when it is a UUID (as Storage sets both). */
  owner: string | undefined;
  metadata: ObjectMetadata;
  userMetadata: unknown;
  version: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const insertSql = `insert into storage.objects
  (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4::uuid, $5, $6::jsonb, $7::jsonb, $8)`;

// The owner changes only when the token names one, as Storage leaves undefined columns alone.
const upsertSql = `${insertSql}
  on conflict (bucket_id, name) do update set
    metadata = excluded.metadata,
    user_metadata = excluded.user_metadata,
    version = excluded.version,
    owner = case when excluded.owner_id is null then objects.owner else excluded.owner end,
    owner_id = coalesce(excluded.owner_id, objects.owner_id)
  returning id`;

/**
 * Inserts the row, or with `upsert` replaces the one of the same name. Returns the row's id and
 * the version it replaced. A plain insert has no RETURNING: that would ask the select policy too,
 * which Storage does not require for an upload.
 */
export async function writeObject(
  tx: Queryable,
  row: ObjectWrite,
  upsert: boolean,
): Promise<{ id: string; replacedVersion: string | null }> {
  const values = [
    row.id,
    row.bucketId,
    row.name,
    row.owner !== undefined && UUID.test(row.owner) ? row.owner : null,
    row.owner ?? null,
    JSON.stringify(row.metadata),
    row.userMetadata === undefined ? null : JSON.stringify(row.userMetadata),
    row.version,
  ];
  if (!upsert) {
    await tx.query(insertSql, values);
    return { id: row.id, replacedVersion: null };
  }
  // Locked, so a concurrent replacement waits and then sees this one's version as the one it replaces.
  const previous = await tx.query<{ version: string | null }>(
    'select version from storage.objects where bucket_id = $1 and name = $2 for update',
    [row.bucketId, row.name],
  );
  const { rows } = await tx.query<{ id: string }>(upsertSql, values);
  return { id: rows[0]!.id, replacedVersion: previous.rows[0]?.version ?? null };
}

/**
 * Deletes the named objects the caller's policies let it delete; returns those rows. As Storage
 * does, the transaction first says that this delete is the Storage API's own, which
 * storage.protect_delete() lets through (a plain SQL delete it refuses).
 */
export async function deleteObjects(
  tx: Queryable,
  bucketId: string,
  names: string[],
): Promise<StoredObject[]> {
  await tx.query("select set_config('storage.allow_delete_query', 'true', true)");
  const { rows } = await tx.query<{ object: string }>(
    `delete from storage.objects as o
      where o.bucket_id = $1 and o.name in (select jsonb_array_elements_text($2::jsonb))
      returning ${objectJson} as object`,
    [bucketId, JSON.stringify(names)],
  );
  return rows.map((row) => JSON.parse(row.object) as StoredObject);
}

export const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;

export interface ListOptions {
  /** A folder: '' or ending in '/'. */
  prefix: string;
  /** Names (below the prefix) that start with this, any case. */
  search: string;
  limit: number;
  offset: number;
  sortColumn: (typeof SORT_COLUMNS)[number];
  ascending: boolean;
}

/**
 * One level of a bucket below a prefix, as storage.search answers: each folder once (name only),
 * then each file with its row. By name, folders and files interleave as their full names sort
 * (case-insensitively, byte order); by another column, folders come first.
 */
export async function listObjects(
  tx: Queryable,
  bucketId: string,
  options: ListOptions,
): Promise<ListEntry[]> {
  const direction = options.ascending ? 'asc' : 'desc';
  const byName = `(case when folder then lower(name) || '/' else lower(name) end) collate "C"`;
  const order =
    options.sortColumn === 'name'
      ? `${byName} ${direction}`
      : `folder desc, (case when folder then lower(name) end) collate "C" ${direction},
         ${options.sortColumn} ${direction}, ${byName} ${direction}`;
  const { rows } = await tx.query<{ entry: string }>(
    `with matched as (
       select o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
              substr(o.name, char_length($2) + 1) as rest
         from storage.objects o
        where o.bucket_id = $1 and starts_with(lower(o.name), lower($2 || $3))
     ), entries as (
       select split_part(rest, '/', 1) as name, true as folder, null::uuid as id,
              null::timestamptz as updated_at, null::timestamptz as created_at,
              null::timestamptz as last_accessed_at, null::jsonb as metadata
         from matched where strpos(rest, '/') > 0
        group by split_part(rest, '/', 1)
       union all
       select rest, false, id, updated_at, created_at, last_accessed_at, metadata
         from matched where rest <> '' and strpos(rest, '/') = 0
     )
     select json_build_object('name', name, 'id', id, 'updated_at', ${iso('updated_at')},
              'created_at', ${iso('created_at')}, 'last_accessed_at', ${iso('last_accessed_at')},
              'metadata', metadata)::text as entry
       from entries
      order by ${order}
      limit $4 offset $5`,
    [bucketId, options.prefix, options.search, options.limit, options.offset],
  );
  return rows.map((row) => JSON.parse(row.entry) as ListEntry);
}
