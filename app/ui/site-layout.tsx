import type { ReactNode } from 'react';
import { useDictionary } from '~/i18n/locale';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, main content and footer, shared by every page and by the error page. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const t = useDictionary();
  return (
    <>
      <a href="#main" className="skip-link">
        {t.skipToContent}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
