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
import { useLoaded } from '~/admin/use-loaded';
import { adminCopy as copy } from '~/admin/copy';
import { gateCopy } from './copy';
import '~/admin/admin.css';
import './team.css';

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
  const heading = useRef<HTMLHeadingElement>(null);
  // Wrapped, as a null value means still loading and a null role someone on no team.
  const { value: lookup, error } = useLoaded(
    async () => ({ role: await getOwnTeamRole(client, userId) }),
    [client, userId],
  );
  const [signOutFailure, setSignOutFailure] = useState<string | null>(null);
  const failure = signOutFailure ?? (error && gateCopy.checkFailed(error.message));

  const refused = lookup !== null && (lookup.role === null || !allow.includes(lookup.role));
  useEffect(() => {
    if (refused) heading.current?.focus();
  }, [refused]);

  if (failure) {
    return (
      <main id="main" className="container admin__body">
        <p role="alert" className="admin-notice">
          {failure}
        </p>
      </main>
    );
  }
  if (lookup === null) {
    return (
      <main id="main">
        <LoadingStatus text={gateCopy.checking} />
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
              setSignOutFailure(
                copy.signOutFailed(error instanceof Error ? error.message : String(error)),
              ),
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
