// POST /logout?scope=global|local|others (GoTrue's logout.go).
import type { Endpoint } from '../context.ts';
import { authenticate } from '../authenticate.ts';
import { API_VERSION, validationFailed, wantsModernErrors } from '../errors.ts';
import { endSessions, type LogoutScope } from '../sessions.ts';

export const logout: Endpoint = async (ctx, request) => {
  const scope = request.url.searchParams.get('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw validationFailed(`Unsupported logout scope "${scope}"`);
  }
  const auth = await authenticate(ctx, request);
  await endSessions(ctx.db, scope as LogoutScope, auth.sessionId, auth.userId);
  request.res.writeHead(
    204,
    wantsModernErrors(request.req) ? { 'X-Supabase-Api-Version': API_VERSION } : {},
  );
  request.res.end();
};
