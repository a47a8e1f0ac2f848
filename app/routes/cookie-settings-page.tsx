import type { Route } from './+types/cookie-settings-page';
import { publicSiteUrl } from '~/data/config.server';
import { consentAction, sameSitePage } from '~/features/consent/action.server';
import { CookieSettings } from '~/features/consent/cookie-settings';
import { consentCopy } from '~/features/consent/copy';
import { loadPolicyFacts, policyVersion } from '~/features/legal/policy-version.server';
import { languageFromPath, localizedPath } from '~/i18n/locale';
import { safeReturnPath } from '~/i18n/return-path';
import { pageMeta } from '~/i18n/page-meta';
import type { HydrationHandle } from '~/ui/page-hydration';
import { consentFromCookies } from '~/visit/consent-cookie';

export const meta: Route.MetaFunction = (args) => {
  const t = consentCopy[languageFromPath(args.location.pathname)];
  return pageMeta(args, { title: t.page.heading, description: t.page.lead }, { noindex: true });
};

/**
 * The visitor's own choice, and the page they came from to go back to: this page is theirs alone
 * and never cached (no shared declaration).
 */
export function loader({ request }: Route.LoaderArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const from = sameSitePage(request, publicSiteUrl(request));
  const settings = localizedPath('/cookie-settings', language);
  // A Referer of this origin can still name `//other.host/` as its path.
  const returnTo = safeReturnPath(
    from && from.pathname.replace(/\/$/, '') !== settings ? from.pathname + from.search : undefined,
    language,
  );
  return { choice: consentFromCookies(request.headers.get('cookie')) ?? null, returnTo };
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

/** Every consent form posts here: the banner, this page and the sign-up frames' placeholders. */
export const action = ({ request }: Route.ActionArgs) =>
  consentAction(request, { policyVersion: async () => policyVersion(await loadPolicyFacts()) });

/** Server-rendered HTML with app/enhance's script: React never loads here. */
export const handle: HydrationHandle = { hydrate: false };

export default function CookieSettingsPage({ loaderData }: Route.ComponentProps) {
  return <CookieSettings choice={loaderData.choice ?? undefined} returnTo={loaderData.returnTo} />;
}
