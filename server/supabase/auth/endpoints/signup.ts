// POST /signup: refused; members are invited by an administrator (POST /invite).
import type { Endpoint } from '../context.ts';
import { AuthError } from '../errors.ts';

export const signup: Endpoint = async () => {
  throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
};
