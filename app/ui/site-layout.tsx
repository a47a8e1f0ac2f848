import type { ReactNode } from 'react';
import { useDictionary } from '~/i18n/locale';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Header, main content, footer and the cookie banner, shared by every page and the error page.
 * The banner is the consent feature's: the app's root passes it in.
 */
export function SiteLayout({ banner, children }: { banner: ReactNode; children: ReactNode }) {
  const t = useDictionary();
  return (
    <>
      <a href="#main" className="skip-link">
        {t.skipToContent}
      </a>
      {/* Early in the page, so the keyboard reaches it first; it shows fixed at the bottom. */}
      {banner}
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
