// Where signing in leads back to: the admin page that sent the visitor to /login (kept in the
// `next` parameter through the password and the second factor), never anywhere else, so the
// sign-in page cannot be used to send a freshly signed-in member to another site.
import { adminPaths, isAdminPath } from '~/config/paths';

/** The parameter of /login that names the page asked for. */
export const RETURN_PARAM = 'next';

const BASE = 'http://site.invalid';

/**
 * `requested` when it is an admin page of this site (path, query and fragment kept), else the
 * blog manager. Refuses other origins, protocol-relative and backslashed paths, control
 * characters, and the admin's JSON endpoints.
 */
export function safeReturnPath(requested: string | null | undefined): string {
  if (!requested || !requested.startsWith('/') || requested.startsWith('//')) {
    return adminPaths.posts;
  }
  // Browsers read a backslash as a slash ("/\evil.example") and drop tabs and newlines.
  if (/[\\\p{Cc}]/u.test(requested)) return adminPaths.posts;
  let url: URL;
  try {
    url = new URL(requested, BASE);
  } catch {
    return adminPaths.posts;
  }
  if (url.origin !== BASE || !isAdminPath(url.pathname) || url.pathname.startsWith('/admin/api/')) {
    return adminPaths.posts;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login with the page to come back to, unless that is the blog manager (the default). */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const back = safeReturnPath(`${location.pathname}${location.search}`);
  if (back === adminPaths.posts) return adminPaths.login;
  return `${adminPaths.login}?${new URLSearchParams({ [RETURN_PARAM]: back }).toString()}`;
}
