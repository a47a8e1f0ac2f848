// GET /settings: what this auth offers (GoTrue's settings.go): e-mail only, sign-up off.
import type { Endpoint } from '../context.ts';
import { send } from '../request.ts';

const PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'slack',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom',
  'phone',
];

export const settings: Endpoint = async (_ctx, request) => {
  send(request, 200, {
    external: { ...Object.fromEntries(PROVIDERS.map((name) => [name, false])), email: true },
    disable_signup: true,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
};
