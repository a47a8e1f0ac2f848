// /admin/api/meeting-links: POST { meetingId } with an administrator's session answers the link to
// that call's meeting page as its visitor has it, { url } (docs/decisions/0026). The server signs
// it (app/data/meetings-page-links.server.ts); nothing here is cached.
import { z } from 'zod';
import type { Route } from './+types/admin-meeting-links-api';
import { publicSiteUrl } from '~/data/config.server';
import { issueMeetingPagePath, MeetingLinkError } from '~/data/meetings-page-links.server';

const body = z.object({ meetingId: z.uuid({ error: 'Name the call by its id.' }) });

const headers = { 'Cache-Control': 'no-store' };

export function loader() {
  return Response.json({ error: 'Ask for a meeting link with POST.' }, { status: 405, headers });
}

export async function action({ request }: Route.ActionArgs) {
  try {
    if (request.method !== 'POST')
      throw new MeetingLinkError(405, `${request.method} is not allowed here.`);
    const parsed = body.safeParse(await request.json().catch(() => null));
    if (!parsed.success)
      throw new MeetingLinkError(400, parsed.error.issues.map((issue) => issue.message).join(' '));
    const { path } = await issueMeetingPagePath(request, parsed.data.meetingId);
    return Response.json({ url: `${publicSiteUrl(request)}${path}` }, { headers });
  } catch (error) {
    if (error instanceof MeetingLinkError)
      return Response.json({ error: error.message }, { status: error.status, headers });
    throw error;
  }
}
