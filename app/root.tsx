import type { ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { site } from '~/config/site';
import { adminPaths, isAdminPath } from '~/config/paths';
import { browserSupabaseConfig, publicSiteUrl, requestEnv } from '~/data/config.server';
import { loadAgencySettings } from '~/data/agency-settings.server';
import { loadAgencyTimeZone } from '~/data/agency-time-zone.server';
import { enhanceScriptSrc } from '~/enhance/enhance-src.server';
import { CookieBanner } from '~/features/consent/cookie-banner';
import { FeedLink } from '~/features/seo/feed-link';
import { languageFromPath, localizedPath, useDictionary, useLanguage } from '~/i18n/locale';
import { NotFound } from '~/ui/not-found';
import { PageIntro } from '~/ui/page-intro';
import { usePageHydrates } from '~/ui/page-hydration';
import { PageLinks } from '~/ui/site-link';
import { SiteLayout } from '~/ui/site-layout';
import { adTagAttributes } from '~/visit/ad-tags-markup';
import { consentFromCookies } from '~/visit/consent-cookie';
import stylesheet from './styles/app.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * What every page needs at run time: the browser's Supabase settings, the public origin and the
 * agency's details (the footer's).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const env = requestEnv(request);
  const path = new URL(request.url).pathname;
  // The admin's dates are written in the agency's zone (app/admin/admin-dates.ts); the sign-in
  // page leads into the admin without loading a new document, so it reads the zone too.
  const admin = isAdminPath(path) || path === adminPaths.login;
  return {
    ...browserSupabaseConfig(env),
    siteUrl: publicSiteUrl(request, env),
    adminMfa: env.ADMIN_MFA,
    enhanceSrc: enhanceScriptSrc(),
    agency: await loadAgencySettings(env),
    agencyTimeZone: admin ? await loadAgencyTimeZone() : null,
    // The visitor's cookie choice: the banner, and whether third parties may load.
    consent: consentFromCookies(request.headers.get('cookie')) ?? null,
    // Meta's pixel and Clarity where configured, on the public pages only; the site's
    // script loads them after consent.
    adTags: isAdminPath(path) ? {} : adTagAttributes(env),
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const language = languageFromPath(useLocation().pathname);
  const hydrates = usePageHydrates();
  const rootData = useRouteLoaderData<typeof loader>('root');
  const enhanceSrc = rootData?.enhanceSrc;
  return (
    <html lang={language} {...rootData?.adTags}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0c2a4d" />
        <Meta />
        <Links />
        {/* A slow phone may paint before the parser has read the whole header, and the header's
            items then move as the rest arrives. Rendering waits for <main>, so the first paint
            shows the header complete (browsers without rel=expect ignore it). */}
        <link rel="expect" href="#main" blocking="render" />
        <FeedLink />
        {/* Without scripts the small-screen menu cannot open, so its items show from the start. */}
        <noscript>
          <style>{'.site-nav{display:flex}.menu-button{display:none}'}</style>
        </noscript>
      </head>
      <body>
        <PageLinks plain={!hydrates}>{children}</PageLinks>
        {/* Every page: the small script that records the visit and works the menu, the jumps,
            Back and the language links. Pages that need React load it too. */}
        {enhanceSrc && <script type="module" src={enhanceSrc} />}
        {hydrates && (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  // The admin pages bring their own lean header (AdminShell) instead of the marketing one.
  if (isAdminPath(useLocation().pathname)) return <Outlet />;
  return (
    <SiteLayout banner={<CookieBanner />}>
      <Outlet />
    </SiteLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useDictionary();
  const language = useLanguage();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? t.notFound.title : t.error.title;
  return (
    <SiteLayout banner={<CookieBanner />}>
      <title>{`${title} | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      {notFound ? (
        <NotFound />
      ) : (
        <PageIntro heading={t.error.heading} lead={t.error.lead}>
          <a href={localizedPath('/', language)} className="button button--primary">
            {t.error.backHome}
          </a>
          {import.meta.env.DEV && error instanceof Error && (
            <pre className="error-stack">{error.stack}</pre>
          )}
        </PageIntro>
      )}
    </SiteLayout>
  );
}
