// /admin/users (service_role key): auth.admin.listUsers, getUserById, updateUserById and
// deleteUser, as GoTrue's admin.go answers them.
import type { AuthContext, AuthRequest, Endpoint } from '../context.ts';
import { requireAdmin } from '../authenticate.ts';
import { parseGoDuration } from '../duration.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { hashPassword, passwordProblem } from '../passwords.ts';
import { objectField, readJsonBody, send, stringField, UUID, type JsonBody } from '../request.ts';
import { checkedNewEmail } from '../email-change.ts';
import { findUserById, listUsers, mergeUserMetadata, type UserRecord } from '../users.ts';

const DEFAULT_PER_PAGE = 50;

function pageParameter(url: URL, name: string, fallback: number): number {
  const text = url.searchParams.get(name) ?? '';
  if (text === '') return fallback;
  if (!/^\d{1,9}$/.test(text)) {
    throw validationFailed(`Bad Pagination Parameters: invalid ${name} "${text}"`);
  }
  return Math.max(1, Number(text));
}

/** GoTrue's pagination headers: the next and last pages as links, and the total. */
function paginationHeaders(url: URL, page: number, perPage: number, total: number) {
  const totalPages = Math.ceil(total / perPage);
  const at = (n: number) => {
    const query = new URLSearchParams(url.searchParams);
    query.set('page', String(n));
    query.set('per_page', String(perPage));
    query.sort();
    return `<${url.pathname}?${query}>`;
  };
  const links = [
    ...(totalPages > page ? [`${at(page + 1)}; rel="next"`] : []),
    `${at(totalPages)}; rel="last"`,
  ];
  return { Link: links.join(', '), 'X-Total-Count': String(total) };
}

export const listAdminUsers: Endpoint = async (ctx, request) => {
  await requireAdmin(ctx, request);
  const page = pageParameter(request.url, 'page', 1);
  const perPage = pageParameter(request.url, 'per_page', DEFAULT_PER_PAGE);
  const { users, total } = await listUsers(ctx.db, { page, perPage });
  send(
    request,
    200,
    { users, aud: 'authenticated' },
    paginationHeaders(request.url, page, perPage, total),
  );
};

/** The user the path names, for the service_role key only. */
export async function loadUser(ctx: AuthContext, request: AuthRequest): Promise<UserRecord> {
  await requireAdmin(ctx, request);
  const id = request.params.userId!;
  if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  const record = await findUserById(ctx.db, id);
  if (!record) throw new AuthError(404, 'user_not_found', 'User not found');
  return record;
}

export const getAdminUser: Endpoint = async (ctx, request) => {
  send(request, 200, (await loadUser(ctx, request)).user);
};

/** ban_duration in milliseconds: "none" lifts a ban (0). */
function banDuration(body: JsonBody): number | undefined {
  const text = stringField(body, 'ban_duration');
  if (!text) return undefined;
  if (text === 'none') return 0;
  const ms = parseGoDuration(text);
  if (ms === undefined) {
    throw validationFailed(`invalid format for ban duration: time: invalid duration "${text}"`);
  }
  return ms;
}

export const updateAdminUser: Endpoint = async (ctx, request) => {
  const record = await loadUser(ctx, request);
  const userId = record.user.id;
  const body = await readJsonBody(request.req);
  const phone = stringField(body, 'phone');
  if (phone && phone !== record.user.phone) {
    throw new AuthError(422, 'validation_failed', 'Changing the phone number is not supported');
  }
  const email = await checkedNewEmail(ctx.db, stringField(body, 'email'), record.user.email);
  const ban = banDuration(body);
  let passwordHash: string | undefined;
  if (typeof body.password === 'string') {
    const problem = passwordProblem(body.password, ctx.settings.minimumPasswordLength);
    if (problem) throw problem;
    passwordHash = await hashPassword(body.password);
  }
  const userMetadata = objectField(body, 'user_metadata');
  const appMetadata = objectField(body, 'app_metadata');

  await ctx.db.transaction(async (tx) => {
    if (body.email_confirm === true) {
      await tx.query(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
           updated_at = now() where id = $1`,
        [userId],
      );
    }
    if (passwordHash) {
      // As GoTrue: a password set for someone ends all their sessions and voids their links.
      await tx.query(
        `update auth.users set encrypted_password = $2, recovery_sent_at = null,
           confirmation_sent_at = null, updated_at = now() where id = $1`,
        [userId, passwordHash],
      );
      await tx.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
      await tx.query('delete from auth.sessions where user_id = $1', [userId]);
    }
    if (email) {
      await tx.query('update auth.users set email = $2, updated_at = now() where id = $1', [
        userId,
        email,
      ]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object(
           'email', $2::text, 'email_verified', $3::boolean), updated_at = now()
         where user_id = $1 and provider = 'email'`,
        [userId, email, body.email_confirm === true],
      );
    }
    if (userMetadata) await mergeUserMetadata(tx, userId, 'raw_user_meta_data', userMetadata);
    if (appMetadata) await mergeUserMetadata(tx, userId, 'raw_app_meta_data', appMetadata);
    if (ban !== undefined) {
      await tx.query(
        `update auth.users set banned_until = case when $2::float8 = 0 then null
           else now() + make_interval(secs => $2::float8 / 1000) end where id = $1`,
        [userId, ban],
      );
    }
  });
  send(request, 200, (await findUserById(ctx.db, userId))!.user);
};

// The user's identities, sessions with their refresh tokens, factors, links and team membership go
// with the row (foreign keys on delete cascade), so every session of theirs ends at once. With
// should_soft_delete the row stays, marked deleted, and the rest is removed as GoTrue does.
export const deleteAdminUser: Endpoint = async (ctx, request) => {
  const record = await loadUser(ctx, request);
  const body = await readJsonBody(request.req);
  const userId = record.user.id;
  if (body.should_soft_delete === true) {
    await ctx.db.transaction(async (tx) => {
      await tx.query('delete from auth.sessions where user_id = $1', [userId]);
      await tx.query('delete from auth.mfa_factors where user_id = $1', [userId]);
      await tx.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
      await tx.query(
        `update auth.users set deleted_at = now(), email = null, phone = null,
           encrypted_password = '', raw_user_meta_data = '{}', raw_app_meta_data = '{}'
         where id = $1`,
        [userId],
      );
      await tx.query('delete from auth.identities where user_id = $1', [userId]);
    });
  } else {
    await ctx.db.query('delete from auth.users where id = $1', [userId]);
  }
  send(request, 200, {});
};
