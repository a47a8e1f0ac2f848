// The administrator's frame around every admin page, in place of the public site's header and
// footer: Back to Blog, a nav between the sections (Leads, which counts the new leads,
// Availability, Insights, Team and Settings for administrators; Blog posts and Account for everyone), the
// member and Sign Out.
import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { adminPaths } from '~/config/paths';
import type { TeamRole } from '~/data/team';
import { adminCopy as copy } from './copy';
import { PlaceholderBanner } from './settings-banner';
import './admin.css';

export function AdminShell({
  email,
  role,
  onSignOut,
  confirmSignOut,
  newLeads,
  children,
}: {
  email: string;
  /** Only administrators see the Leads and Team tabs. */
  role: TeamRole;
  /** Ends the session and leaves for the home page. */
  onSignOut: () => Promise<void>;
  /** Asked first, when the page holds work that signing out would lose; false stays. */
  confirmSignOut?: () => boolean;
  /** How many leads have status new; null until known. */
  newLeads: number | null;
  children: ReactNode;
}) {
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);

  async function signOut() {
    if (confirmSignOut && !confirmSignOut()) return;
    setSigningOut(true);
    setSignOutError(null);
    try {
      await onSignOut();
    } catch (error) {
      setSignOutError(copy.signOutFailed(error instanceof Error ? error.message : String(error)));
      setSigningOut(false);
    }
  }

  const tabClass = ({ isActive }: { isActive: boolean }) =>
    `admin-nav__link${isActive ? ' admin-nav__link--current' : ''}`;

  return (
    <div className="admin">
      <a href="#main" className="skip-link">
        {copy.skipToContent}
      </a>
      <header className="admin__bar">
        <div className="container admin__bar-inner">
          <Link to="/blog" className="admin__back">
            <span aria-hidden="true">←</span> {copy.backToBlog}
          </Link>
          {/* NavLink marks the current section with aria-current="page". `end`: the blog
              manager's link must not count /admin/leads as its own. */}
          <nav className="admin-nav" aria-label={copy.nav.label}>
            {role === 'admin' && (
              <NavLink to={adminPaths.leads} className={tabClass}>
                {newLeads === null ? copy.nav.leads : copy.nav.leadsWithCount(newLeads)}
              </NavLink>
            )}
            <NavLink to={adminPaths.posts} end className={tabClass}>
              {copy.nav.posts}
            </NavLink>
            {role === 'admin' && (
              <NavLink to={adminPaths.availability} className={tabClass}>
                {copy.nav.availability}
              </NavLink>
            )}
            {role === 'admin' && (
              <NavLink to={adminPaths.insights} className={tabClass}>
                {copy.nav.insights}
              </NavLink>
            )}
            {role === 'admin' && (
              <NavLink to={adminPaths.team} className={tabClass}>
                {copy.nav.team}
              </NavLink>
            )}
            {role === 'admin' && (
              <NavLink to={adminPaths.settings} className={tabClass}>
                {copy.nav.settings}
              </NavLink>
            )}
            <NavLink to={adminPaths.account} className={tabClass}>
              {copy.nav.account}
            </NavLink>
          </nav>
          <div className="admin__account">
            <span>{copy.welcome(email)}</span>
            <button
              type="button"
              className="admin-button admin-button--secondary"
              onClick={() => void signOut()}
              disabled={signingOut}
            >
              {signingOut ? copy.signingOut : copy.signOut}
            </button>
          </div>
        </div>
        {signOutError && (
          <div className="container">
            <p role="alert" className="admin-notice">
              {signOutError}
            </p>
          </div>
        )}
      </header>
      <main id="main" tabIndex={-1} className="container admin__body">
        {role === 'admin' && <PlaceholderBanner />}
        {children}
      </main>
    </div>
  );
}
