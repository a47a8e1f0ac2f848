import type { Queryable } from '../db/types.ts';

type Json = Record<string, unknown>;

export interface AuthIdentity {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at?: string;
  created_at: string;
  updated_at: string;
  email?: string;
}

/** A second factor as GoTrue lists it in the user's `factors`. */
export interface AuthFactor {
  id: string;
  created_at: string;
  updated_at: string;
  status: 'verified' | 'unverified';
  friendly_name?: string;
  factor_type: string;
  phone: string;
  last_challenged_at: string | null;
}

/** GoTrue's user object, as /user and every session response carry it. */
export interface AuthUser {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at?: string;
  invited_at?: string;
  phone: string;
  phone_confirmed_at?: string;
  confirmation_sent_at?: string;
  confirmed_at?: string;
  recovery_sent_at?: string;
  new_email?: string;
  email_change_sent_at?: string;
  last_sign_in_at?: string;
  app_metadata: Json;
  user_metadata: Json;
  identities: AuthIdentity[];
  /** Left out when the user has none, as GoTrue does. */
  factors?: AuthFactor[];
  created_at: string;
  updated_at: string;
  banned_until?: string;
  is_anonymous: boolean;
}

/** A user as read from the database, with what the server needs beyond the public object. */
export interface UserRecord {
  user: AuthUser;
  passwordHash: string | null;
  emailConfirmed: boolean;
  banned: boolean;
}

/** RFC 3339 in UTC, as Go's encoding/json writes time.Time. */
const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Every column is text (see server/supabase/db/types.ts); JSON is built in SQL and parsed once here. */
export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  phone_confirmed_at: string | null;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  recovery_sent_at: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  last_sign_in_at: string | null;
  app_metadata: string;
  user_metadata: string;
  identities: string;
  factors: string;
  created_at: string;
  updated_at: string;
  banned_until: string | null;
  banned: string;
  is_anonymous: string;
}

const USER_SELECT = `
  select u.id, u.aud, u.role, u.email, u.phone, u.encrypted_password,
    ${iso('u.email_confirmed_at')} as email_confirmed_at,
    ${iso('u.invited_at')} as invited_at,
    ${iso('u.phone_confirmed_at')} as phone_confirmed_at,
    ${iso('u.confirmation_sent_at')} as confirmation_sent_at,
    ${iso('least(u.email_confirmed_at, u.phone_confirmed_at)')} as confirmed_at,
    ${iso('u.recovery_sent_at')} as recovery_sent_at,
    nullif(u.email_change, '') as email_change,
    ${iso('u.email_change_sent_at')} as email_change_sent_at,
    ${iso('u.last_sign_in_at')} as last_sign_in_at,
    coalesce(u.raw_app_meta_data, '{}')::text as app_metadata,
    coalesce(u.raw_user_meta_data, '{}')::text as user_metadata,
    coalesce((
      select json_agg(json_build_object(
        'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id,
        'identity_data', i.identity_data, 'provider', i.provider,
        'last_sign_in_at', ${iso('i.last_sign_in_at')},
        'created_at', ${iso('i.created_at')}, 'updated_at', ${iso('i.updated_at')},
        'email', lower(i.identity_data ->> 'email')
      ) order by i.created_at, i.id)
      from auth.identities i where i.user_id = u.id
    ), '[]')::text as identities,
    coalesce((
      select json_agg(json_build_object(
        'id', f.id, 'created_at', ${iso('f.created_at')}, 'updated_at', ${iso('f.updated_at')},
        'status', f.status, 'friendly_name', coalesce(f.friendly_name, ''),
        'factor_type', f.factor_type, 'phone', coalesce(f.phone, ''),
        'last_challenged_at', ${iso('f.last_challenged_at')}
      ) order by f.created_at, f.id)
      from auth.mfa_factors f where f.user_id = u.id
    ), '[]')::text as factors,
    ${iso('u.created_at')} as created_at,
    ${iso('u.updated_at')} as updated_at,
    ${iso('u.banned_until')} as banned_until,
    coalesce(u.banned_until > now(), false) as banned,
    u.is_anonymous
  from auth.users u`;

function dropNulls<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== null && v !== undefined),
  ) as T;
}

/** Shapes a row as GoTrue does: timestamps that are null are left out, `factors` too. */
export function toAuthUser(row: UserRow): AuthUser {
  const identities = (JSON.parse(row.identities) as AuthIdentity[]).map((identity) =>
    dropNulls(identity),
  );
  const factors = (JSON.parse(row.factors) as AuthFactor[]).map(({ friendly_name, ...factor }) =>
    friendly_name ? { ...factor, friendly_name } : factor,
  );
  return dropNulls({
    id: row.id,
    aud: row.aud,
    role: row.role,
    email: row.email ?? '',
    email_confirmed_at: row.email_confirmed_at ?? undefined,
    invited_at: row.invited_at ?? undefined,
    phone: row.phone ?? '',
    phone_confirmed_at: row.phone_confirmed_at ?? undefined,
    confirmation_sent_at: row.confirmation_sent_at ?? undefined,
    confirmed_at: row.confirmed_at ?? undefined,
    recovery_sent_at: row.recovery_sent_at ?? undefined,
    new_email: row.email_change ?? undefined,
    email_change_sent_at: row.email_change_sent_at ?? undefined,
    last_sign_in_at: row.last_sign_in_at ?? undefined,
    app_metadata: JSON.parse(row.app_metadata) as Json,
    user_metadata: JSON.parse(row.user_metadata) as Json,
    identities,
    factors: factors.length ? factors : undefined,
    created_at: row.created_at,
    updated_at: row.updated_at,
    banned_until: row.banned_until ?? undefined,
    is_anonymous: row.is_anonymous === 't',
  });
}

function toRecord(row: UserRow): UserRecord {
  return {
    user: toAuthUser(row),
    passwordHash: row.encrypted_password,
    emailConfirmed: row.email_confirmed_at !== null,
    banned: row.banned === 't',
  };
}

/** Addresses are kept lower-cased; lookups ignore case like GoTrue's. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(
  db: Queryable,
  email: string,
): Promise<UserRecord | undefined> {
  const { rows } = await db.query<UserRow>(
    `${USER_SELECT} where lower(u.email) = $1 and u.deleted_at is null`,
    [normalizeEmail(email)],
  );
  return rows[0] && toRecord(rows[0]);
}

/**
 * The id of the account with this address, by the same index lookup whether there is one or
 * not, so asking costs the same either way (the rest is read after the answer).
 */
export async function findUserIdByEmail(db: Queryable, email: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    'select id from auth.users where lower(email) = $1 and deleted_at is null',
    [normalizeEmail(email)],
  );
  return rows[0]?.id;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRecord | undefined> {
  const { rows } = await db.query<UserRow>(
    `${USER_SELECT} where u.id = $1 and u.deleted_at is null`,
    [id],
  );
  return rows[0] && toRecord(rows[0]);
}

/**
 * Creates a confirmed e-mail/password user with its `email` identity, the way GoTrue's sign-up
 * with auto-confirm leaves them; or, with `invite`, an invited one: no password, unconfirmed,
 * `invited_at` set and the invitation's data in user_metadata. Returns the new id.
 */
export async function createEmailUser(
  db: Queryable,
  email: string,
  passwordHash: string | null,
  invite?: { data: Json },
): Promise<string> {
  const { rows } = await db.query<{ user_id: string }>(
    `with g as (
         select gen_random_uuid() as id
     ), identity as (
       select g.id, jsonb_build_object('sub', g.id::text, 'email', $1::text,
         'email_verified', $3::jsonb is null, 'phone_verified', false) as data
       from g
     ), new_user as (
       insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
         invited_at, confirmation_sent_at, raw_app_meta_data, raw_user_meta_data, created_at,
         updated_at)
       select i.id, 'authenticated', 'authenticated', $1::text, $2::text,
         case when $3::jsonb is null then now() end,
         case when $3::jsonb is not null then now() end,
         case when $3::jsonb is not null then now() end,
         '{"provider":"email","providers":["email"]}',
         coalesce($3::jsonb, '{}') || i.data, now(), now()
       from identity i
       returning id
     )
     insert into auth.identities (provider_id, user_id, identity_data, provider)
     select n.id::text, n.id, i.data, 'email' from new_user n join identity i on i.id = n.id
     returning user_id`,
    [normalizeEmail(email), passwordHash, invite ? JSON.stringify(invite.data) : null],
  );
  return rows[0]!.user_id;
}

/** A page of users, newest first (GoTrue's admin list), and how many there are in all. */
export async function listUsers(
  db: Queryable,
  page: { page: number; perPage: number },
): Promise<{ users: AuthUser[]; total: number }> {
  const { rows } = await db.query<UserRow>(
    `${USER_SELECT} where u.deleted_at is null order by u.created_at desc, u.id
     limit $1 offset $2`,
    [page.perPage, (page.page - 1) * page.perPage],
  );
  const count = await db.query<{ total: string }>(
    'select count(*) as total from auth.users where deleted_at is null',
  );
  return { users: rows.map(toAuthUser), total: Number(count.rows[0]!.total) };
}

type MetadataColumn = 'raw_user_meta_data' | 'raw_app_meta_data';

/** GoTrue merges metadata into what is there; a key set to null is removed. */
export async function mergeUserMetadata(
  db: Queryable,
  userId: string,
  column: MetadataColumn,
  changes: Record<string, unknown>,
): Promise<void> {
  const removed = Object.keys(changes).filter((key) => changes[key] === null);
  const kept = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== null));
  await db.query(
    `update auth.users set ${column} = (coalesce(${column}, '{}') || $2::jsonb) - $3::text[],
       updated_at = now()
     where id = $1`,
    [userId, JSON.stringify(kept), removed],
  );
}
