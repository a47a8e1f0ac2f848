// GET /admin/users/{user_id}/factors and DELETE /admin/users/{user_id}/factors/{factor_id} (the
// service_role key): supabase-js's auth.admin.mfa.listFactors and deleteFactor, as GoTrue's
// admin.go answers them. An administrator's way to let a member who lost their phone back in.
import type { Endpoint } from '../context.ts';
import { AuthError } from '../errors.ts';
import { notifyFactorRemoved, removeFactor } from '../mfa/remove-factor.ts';
import { send, UUID } from '../request.ts';
import { loadUser } from './admin-users.ts';

export const listAdminUserFactors: Endpoint = async (ctx, request) => {
  const record = await loadUser(ctx, request);
  send(request, 200, record.user.factors ?? []);
};

export const deleteAdminUserFactor: Endpoint = async (ctx, request) => {
  const record = await loadUser(ctx, request);
  const factorId = request.params.factorId!;
  if (!UUID.test(factorId)) {
    throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
  }
  const factor = record.user.factors?.find((candidate) => candidate.id === factorId);
  if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  await ctx.db.transaction((tx) => removeFactor(tx, factorId));
  send(request, 200, factor);
  if (factor.status === 'verified') {
    notifyFactorRemoved(ctx, record.user.email, factor.friendly_name ?? null, true);
  }
};
