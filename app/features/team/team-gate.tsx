// Who may use an admin page (docs/decisions/0012): being signed in is not enough. The signed-in
// user's role on the team is looked up first; someone on no team is told so (and may sign out), an
// editor on an administrators' page is sent on to the blog, and everyone else gets the page. The
// database's policies refuse the same people whatever this shows: the gate only says so in words.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { adminPaths } from '~/config/paths';
import { getOwnTeamRole, type TeamRole } from '~/data/team';
import type { AppSupabaseClient } from '~/data/supabase';
import { LoadingStatus } from '~/ui/loading-status';
import { adminCopy as copy } from '~/admin/copy';
import { gateCopy } from './copy';
import '~/admin/admin.css';
import './team.css';

type Lookup =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'done'; role: TeamRole | null };

export function TeamGate({
  client,
  userId,
  email,
  allow,
  onSignOut,
  children,
}: {
  client: AppSupabaseClient;
  userId: string;
  email: string;
  /** The roles this page is for. */
  allow: readonly TeamRole[];
  onSignOut: () => Promise<void>;
  children: (role: TeamRole) => ReactNode;
}) {
  const [lookup, setLookup] = useState<Lookup>({ state: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let current = true;
    getOwnTeamRole(client, userId).then(
      (role) => current && setLookup({ state: 'done', role }),
      (error: unknown) =>
        current &&
        setLookup({
          state: 'failed',
          message: gateCopy.checkFailed(error instanceof Error ? error.message : String(error)),
        }),
    );
    return () => {
      current = false;
    };
  }, [client, userId]);

  const refused = lookup.state === 'done' && (lookup.role === null || !allow.includes(lookup.role));
  useEffect(() => {
    if (refused) heading.current?.focus();
  }, [refused]);

  if (lookup.state === 'loading') {
    return (
      <main id="main">
        <LoadingStatus text={gateCopy.checking} />
      </main>
    );
  }
  if (lookup.state === 'failed') {
    return (
      <main id="main" className="container admin__body">
        <p role="alert" className="admin-notice">
          {lookup.message}
        </p>
      </main>
    );
  }
  if (lookup.role === null) {
    return (
      <main id="main" className="container admin__body admin-refusal">
        <h1 ref={heading} tabIndex={-1}>
          {gateCopy.noAccessHeading}
        </h1>
        <p>{gateCopy.noAccess(email)}</p>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={() =>
            void onSignOut().catch((error: unknown) =>
              setLookup({
                state: 'failed',
                message: copy.signOutFailed(error instanceof Error ? error.message : String(error)),
              }),
            )
          }
        >
          {copy.signOut}
        </button>
      </main>
    );
  }
  if (!allow.includes(lookup.role)) {
    return (
      <main id="main" className="container admin__body admin-refusal">
        <h1 ref={heading} tabIndex={-1}>
          {gateCopy.adminsOnlyHeading}
        </h1>
        <p>{gateCopy.adminsOnly}</p>
        <Link to={adminPaths.posts} className="admin-button">
          {gateCopy.toPosts}
        </Link>
      </main>
    );
  }
  return children(lookup.role);
}
