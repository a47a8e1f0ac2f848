// The administrator's addresses in one place: links, navigations and the route table read them
// from here, so a moved page is changed once.

export const adminPaths = {
  /** The blog manager (specification §2). */
  posts: '/admin',
  /** The blog manager with one post open in edit mode. */
  editPost: (id: string) => `/admin?edit=${encodeURIComponent(id)}`,
  /** The leads inbox (issue 7). */
  leads: '/admin/leads',
  /** Where the guard sends anyone not signed in (specification §2). */
  login: '/login',
} as const;

/** A path as the route table writes it: without the leading slash. */
export function routePath(path: string): string {
  return path.replace(/^\//, '');
}
