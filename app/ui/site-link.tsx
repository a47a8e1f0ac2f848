// The links of the public pages. A page that never loads React (page-hydration.ts) has no router
// in the browser to take a click, so its links are plain anchors with the same href: React
// Router's Link runs five hooks for each one, a tenth of such a page's render on the server. A page
// that hydrates gets React Router's Link and NavLink, which navigate without a reload.
import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';

const PlainLinks = createContext(false);

/**
 * Set once for the whole page by the root layout: `plain` for a page that does not hydrate. Only
 * its server render is plain: where React runs in the browser (a visit that began on a page that
 * hydrates, then navigated), every link stays the router's.
 */
export function PageLinks({ plain, children }: { plain: boolean; children: ReactNode }) {
  const onServer = typeof document === 'undefined';
  return <PlainLinks.Provider value={plain && onServer}>{children}</PlainLinks.Provider>;
}

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path of the site, with its query and hash if any. */
  to: string;
  /** React Router's prefetching where the page hydrates; nothing to fetch where it does not. */
  prefetch?: 'none' | 'intent' | 'render' | 'viewport';
};

export function SiteLink({ to, prefetch, ...anchor }: SiteLinkProps) {
  // The attributes in Link's order, so the two write the same markup.
  if (useContext(PlainLinks)) return <a {...anchor} href={to} />;
  return <Link to={to} prefetch={prefetch} {...anchor} />;
}

/**
 * Whether `pathname` is `to` or a page under it, as NavLink decides (letter case aside, the site's
 * paths are lower case): /blog is current on /blog and /blog/a-post, not on /blogging.
 */
export function isCurrentPath(pathname: string, to: string): boolean {
  const base = to.length > 1 ? to.replace(/\/$/, '') : to;
  return pathname === base || (base !== '/' && pathname.startsWith(`${base}/`));
}

/** A navigation link, marked aria-current="page" (and class "active") on its page and below. */
export function SiteNavLink({
  to,
  className,
  ...anchor
}: Omit<SiteLinkProps, 'prefetch'> & { className?: string }) {
  const plain = useContext(PlainLinks);
  const { pathname } = useLocation();
  if (!plain) return <NavLink to={to} className={className} {...anchor} />;
  const current = isCurrentPath(pathname, to);
  return (
    <a
      {...anchor}
      aria-current={current ? 'page' : undefined}
      className={current ? [className, 'active'].filter(Boolean).join(' ') : className}
      href={to}
    />
  );
}
