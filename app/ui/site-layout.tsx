import type { ReactNode } from 'react';
import { CookieBanner } from '~/features/consent/cookie-banner';
import { useDictionary } from '~/i18n/locale';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, main content, footer and the cookie banner, shared by every page and the error page. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const t = useDictionary();
  return (
    <>
      <a href="#main" className="skip-link">
        {t.skipToContent}
      </a>
      {/* Early in the page, so the keyboard reaches it first; it shows fixed at the bottom. */}
      <CookieBanner />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
