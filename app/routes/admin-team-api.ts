// /admin/api/team: the team page's JSON endpoint (docs/decisions/0012). GET lists the members; POST
// invites { email, role } or resets a member's two-factor sign-in { resetTwoFactor: userId }; PUT sends a pending member's invitation again { userId }; PATCH changes
// { userId, role }; DELETE removes { userId }. Only an administrator's session gets an answer
// (app/data/team.server.ts); nothing here is cached.
import { z } from 'zod';
import type { Route } from './+types/admin-team-api';
import { loadAgencySettings } from '~/data/agency-settings.server';
import { publicSiteUrl } from '~/data/config.server';
import { teamRoles } from '~/data/team';
import {
  changeRole,
  listTeam,
  listTeamHistory,
  removeMember,
  resetTwoFactor,
  teamCaller,
  TeamRequestError,
} from '~/data/team.server';
import {
  inviteMember,
  resendInvitation,
  type InvitationWords,
} from '~/data/team-invitations.server';
import { linkRedirect } from '~/features/auth/mailed-links';

const role = z.enum(teamRoles, { error: 'Choose a role: admin or editor.' });
const userId = z.uuid({ error: 'Name the member by their user id.' });
const bodies = {
  invite: z.object({ email: z.email({ error: 'Enter a valid e-mail address.' }), role }),
  resend: z.object({ userId }),
  resetTwoFactor: z.object({ resetTwoFactor: userId }),
  change: z.object({ userId, role }),
  remove: z.object({ userId }),
};

const headers = { 'Cache-Control': 'no-store' };

function answer(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers });
}

async function handle(work: () => Promise<unknown>): Promise<Response> {
  try {
    return answer(await work());
  } catch (error) {
    if (error instanceof TeamRequestError) return answer({ error: error.message }, error.status);
    throw error;
  }
}

export function loader({ request }: Route.LoaderArgs) {
  return handle(async () => {
    const caller = await teamCaller(request);
    const [members, history] = await Promise.all([
      listTeam(caller.service),
      listTeamHistory(caller.service),
    ]);
    return { members, history };
  });
}

export function action({ request }: Route.ActionArgs) {
  return handle(async () => {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(request.method)) {
      throw new TeamRequestError(405, `${request.method} is not allowed here.`);
    }
    const caller = await teamCaller(request);
    const body: unknown = await request.json().catch(() => null);
    switch (request.method) {
      case 'POST': {
        if (body && typeof body === 'object' && 'resetTwoFactor' in body) {
          return resetTwoFactor(caller, parse(bodies.resetTwoFactor, body).resetTwoFactor);
        }
        const { email, role } = parse(bodies.invite, body);
        return inviteMember(caller, { email, role, ...(await invitationWords(request)) });
      }
      case 'PUT': {
        const { userId } = parse(bodies.resend, body);
        return resendInvitation(caller, userId, await invitationWords(request));
      }
      case 'PATCH': {
        const { userId, role } = parse(bodies.change, body);
        await changeRole(caller, userId, role);
        return { ok: true };
      }
      default: {
        await removeMember(caller, parse(bodies.remove, body).userId);
        return { ok: true };
      }
    }
  });
}

/**
 * The link opens /login on the address the administrator reached the site at (SITE_URL when set);
 * the auth service points it there only when that address is one it trusts.
 */
async function invitationWords(request: Request): Promise<InvitationWords> {
  const { settings } = await loadAgencySettings();
  return {
    redirectTo: linkRedirect(publicSiteUrl(request), 'invite'),
    siteName: settings.legalName,
  };
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new TeamRequestError(400, parsed.error.issues.map((issue) => issue.message).join(' '));
}
