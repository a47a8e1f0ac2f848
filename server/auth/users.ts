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

/** Every column is text (see server/db/types.ts); JSON is built in SQL and parsed once here. */
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
    u.raw_app_meta_data::text as app_metadata,
    u.raw_user_meta_data::text as user_metadata,
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

export async function findUserById(db: Queryable, id: string): Promise<UserRecord | undefined> {
  const { rows } = await db.query<UserRow>(
    `${USER_SELECT} where u.id = $1 and u.deleted_at is null`,
    [id],
  );
  return rows[0] && toRecord(rows[0]);
}

/**
 * Creates a confirmed e-mail/password user with its `email` identity, the way GoTrue's sign-up
 * with auto-confirm leaves them. Returns the new id.
 */
export async function createEmailUser(
  db: Queryable,
  email: string,
  passwordHash: string,
): Promise<string> {
  const { rows } = await db.query<{ user_id: string }>(
    `with new_user as (
       insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_user_meta_data)
       select g.id, $1::text, $2::text, now(),
         jsonb_build_object('sub', g.id::text, 'email', $1::text, 'email_verified', true, 'phone_verified', false)
       from (select gen_random_uuid() as id) g
       returning id, raw_user_meta_data
     )
     insert into auth.identities (provider_id, user_id, identity_data, provider)
     select id::text, id, raw_user_meta_data, 'email' from new_user
     returning user_id`,
    [normalizeEmail(email), passwordHash],
  );
  return rows[0]!.user_id;
}
