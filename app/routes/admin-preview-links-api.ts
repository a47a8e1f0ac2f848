// /admin/api/preview-links: POST { postId } with a team member's session answers a private preview
// link of that draft or scheduled post, { url, expiresAt } (docs/decisions/0017). The server signs
// it (app/data/post-previews.server.ts); nothing here is cached.
import { z } from 'zod';
import type { Route } from './+types/admin-preview-links-api';
import { publicSiteUrl } from '~/data/config.server';
import { issuePreviewToken, PreviewLinkError } from '~/data/post-previews.server';
import { pageLanguageOf } from '~/i18n/format';
import { localizedPath } from '~/i18n/locale';

const body = z.object({ postId: z.uuid({ error: 'Name the post by its id.' }) });

const headers = { 'Cache-Control': 'no-store' };

export function loader() {
  return Response.json({ error: 'Ask for a preview link with POST.' }, { status: 405, headers });
}

export async function action({ request }: Route.ActionArgs) {
  try {
    if (request.method !== 'POST')
      throw new PreviewLinkError(405, `${request.method} is not allowed here.`);
    const parsed = body.safeParse(await request.json().catch(() => null));
    if (!parsed.success)
      throw new PreviewLinkError(400, parsed.error.issues.map((issue) => issue.message).join(' '));
    const { token, post, expiresAt } = await issuePreviewToken(request, parsed.data.postId);
    const path = localizedPath(`/blog/preview/${token}`, pageLanguageOf(post.language));
    return Response.json(
      { url: `${publicSiteUrl(request)}${path}`, expiresAt: expiresAt.toISOString() },
      { headers },
    );
  } catch (error) {
    if (error instanceof PreviewLinkError)
      return Response.json({ error: error.message }, { status: error.status, headers });
    throw error;
  }
}
