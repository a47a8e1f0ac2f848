// Private preview links of blog posts (docs/decisions/0017-signed-preview-links.md), on
// the server only. A link names the post and when it stops working, signed with a key derived
// from the server's FORM_SECRET, so nothing is stored and nobody can forge or stretch one. A team
// member asks for a link with their own session; the preview page reads the post with the service
// key, since a draft is no row that anon may read.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { serverEnv, type ServerEnv } from './config.server';
import type { Database } from './database.types';
import type { BlogPost } from './posts';
import { serverFetch } from './server-fetch.server';

/** How long a preview link works. */
export const PREVIEW_LINK_DAYS = 7;

/** A refusal with the HTTP status the endpoint answers and a message to show the writer. */
export class PreviewLinkError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'PreviewLinkError';
    this.status = status;
  }
}

type Client = SupabaseClient<Database>;
const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** The signing key: FORM_SECRET's, derived for this purpose alone. */
function signingKey(env: ServerEnv): Buffer {
  if (!env.FORM_SECRET) {
    throw new Error(
      'FORM_SECRET is not set: preview links cannot be signed. Run the site with server/main.ts, which sets it.',
    );
  }
  return createHmac('sha256', env.FORM_SECRET).update('blog-post-preview-links').digest();
}

function signature(key: Buffer, postId: string, expires: number): string {
  return createHmac('sha256', key).update(`${postId}\n${expires}`).digest('base64url');
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A token for `postId` that works until `expiresAt` (to the second). */
export function signPreviewToken(
  postId: string,
  expiresAt: Date,
  env: ServerEnv = serverEnv(),
): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${postId}.${expires}.${signature(signingKey(env), postId, expires)}`;
}

export type PreviewTokenCheck =
  | { valid: true; postId: string; expiresAt: Date }
  | { valid: false; reason: 'invalid' | 'expired' };

/** What a token says, once its signature is checked: a post and a time, or why not. */
export function checkPreviewToken(
  token: string,
  now: Date = new Date(),
  env: ServerEnv = serverEnv(),
): PreviewTokenCheck {
  const [postId = '', expiresText = '', given = '', ...rest] = token.split('.');
  if (rest.length > 0 || !uuidPattern.test(postId) || !/^\d{1,12}$/.test(expiresText))
    return { valid: false, reason: 'invalid' };
  const expires = Number(expiresText);
  const expected = Buffer.from(signature(signingKey(env), postId, expires));
  const received = Buffer.from(given);
  if (received.length !== expected.length || !timingSafeEqual(received, expected))
    return { valid: false, reason: 'invalid' };
  // Checked after the signature: a forged token learns nothing from the answer.
  if (expires * 1000 <= now.getTime()) return { valid: false, reason: 'expired' };
  return { valid: true, postId, expiresAt: new Date(expires * 1000) };
}

/** The service key, without which no preview could be read. */
function serviceKey(env: ServerEnv): string {
  if (!env.SUPABASE_SERVICE_ROLE_KEY) {
    throw new PreviewLinkError(
      503,
      'The server has no SUPABASE_SERVICE_ROLE_KEY: set it to share preview links of drafts.',
    );
  }
  return env.SUPABASE_SERVICE_ROLE_KEY;
}

/**
 * A preview link for a post, asked for with a team member's access token: the member's own
 * session must read the post (row-level security decides), and the post must not be public yet.
 */
export async function issuePreviewToken(
  request: Request,
  postId: string,
  now: Date = new Date(),
  env: ServerEnv = serverEnv(),
): Promise<{ token: string; post: Pick<BlogPost, 'language'>; expiresAt: Date }> {
  const accessToken = /^Bearer (\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!accessToken) throw new PreviewLinkError(401, 'Sign in to share a preview.');
  const asCaller = createClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    auth: noSession,
    global: {
      headers: { Authorization: `Bearer ${accessToken}` },
      fetch: serverFetch(env.SUPABASE_URL),
    },
  });
  const { data: user, error: userError } = await asCaller.auth.getUser(accessToken);
  if (userError || !user.user) {
    throw new PreviewLinkError(401, 'Your session has ended. Sign in again.');
  }
  const { data: member, error: memberError } = await asCaller
    .from('team_members')
    .select('role')
    .eq('user_id', user.user.id)
    .maybeSingle();
  if (memberError)
    throw new PreviewLinkError(502, `Could not check your role: ${memberError.message}`);
  if (!member) throw new PreviewLinkError(403, 'Only the agency’s team can share previews.');
  serviceKey(env);
  const { data: post, error } = await asCaller
    .from('blog_posts')
    .select('id, language, is_published, published_date')
    .eq('id', postId)
    .maybeSingle();
  if (error) throw new PreviewLinkError(502, `Could not read the post: ${error.message}`);
  if (!post) throw new PreviewLinkError(404, 'There is no such post. Save it first.');
  if (post.is_published && post.published_date && new Date(post.published_date) <= now) {
    throw new PreviewLinkError(409, 'This post is published: share its address instead.');
  }
  const expiresAt = new Date(now.getTime() + PREVIEW_LINK_DAYS * 24 * 3_600_000);
  return { token: signPreviewToken(post.id, expiresAt, env), post, expiresAt };
}

/** The post a checked token names, as it is saved now; null once it is deleted. */
export async function getPreviewedPost(
  postId: string,
  env: ServerEnv = serverEnv(),
): Promise<BlogPost | null> {
  const service: Client = createClient<Database>(env.SUPABASE_URL, serviceKey(env), {
    auth: noSession,
    global: { fetch: serverFetch(env.SUPABASE_URL) },
  });
  const { data, error } = await service
    .from('blog_posts')
    .select('*')
    .eq('id', postId)
    .maybeSingle();
  if (error) throw new Error(`Could not read the previewed post: ${error.message}`);
  return data;
}
