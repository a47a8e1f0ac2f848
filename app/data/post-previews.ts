// A private preview link of a draft or scheduled post (docs/decisions/0017), asked of the site's
// server with the session's access token: the server holds the signing secret
// (post-previews.server.ts).
import { adminPaths } from '~/config/paths';
import { DataError } from './errors';
import type { AppSupabaseClient } from './supabase';

export interface PreviewLink {
  url: string;
  expiresAt: string;
}

/** Throws DataError with the server's message when the link cannot be made. */
export async function createPreviewLink(
  client: AppSupabaseClient,
  postId: string,
): Promise<PreviewLink> {
  const { data } = await client.auth.getSession();
  const accessToken = data.session?.access_token;
  if (!accessToken) throw new DataError('Your session has ended. Sign in again.', { status: 401 });
  const response = await fetch(adminPaths.previewLinksApi, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ postId }),
  });
  const payload = (await response.json().catch(() => null)) as
    (Partial<PreviewLink> & { error?: string }) | null;
  if (!response.ok || !payload?.url || !payload.expiresAt) {
    throw new DataError(
      payload?.error ?? `The preview link could not be made (${response.status}).`,
      { status: response.status },
    );
  }
  return { url: payload.url, expiresAt: payload.expiresAt };
}
