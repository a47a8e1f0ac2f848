// Where an e-mailed link (an invitation, a password reset) brings its reader back: /login, told
// which kind of link it was, so a link that has expired or been used says what to do next.
import { adminPaths } from '~/config/paths';

export type MailedLinkKind = 'invite' | 'recovery';

/** The parameter of /login that names the kind of link followed. */
export const LINK_PARAM = 'link';

export function linkKindOf(value: string | null): MailedLinkKind | null {
  return value === 'invite' || value === 'recovery' ? value : null;
}

/** `{origin}/login?link={kind}`: the redirect a mailed link of `kind` is sent with. */
export function linkRedirect(origin: string, kind: MailedLinkKind): string {
  const url = new URL(adminPaths.login, origin);
  url.searchParams.set(LINK_PARAM, kind);
  return url.href;
}
