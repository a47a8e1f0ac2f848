// The administrator's addresses in one place: links, navigations and the route table read them
// from here, so a moved page is changed once.

export const adminPaths = {
  /** The blog manager (specification §2). */
  posts: '/admin',
  /** The blog manager with one post open in edit mode. */
  editPost: (id: string) => `/admin?edit=${encodeURIComponent(id)}`,
  /** The leads inbox (issue 7). */
  leads: '/admin/leads',
  /** One lead: every field, its mails, its owner and its history (issue 15). */
  lead: (id: string) => `/admin/leads/${encodeURIComponent(id)}`,
  /** The route table's pattern of `lead`. */
  leadPattern: '/admin/leads/:id',
  /** The team: members, their roles, invitations (issue 13). */
  team: '/admin/team',
  /** The signed-in member's own password, e-mail address and two-factor sign-in (issue 13). */
  account: '/admin/account',
  /** When visitors can book the strategy call, and the calendar feed (issue 15). */
  availability: '/admin/availability',
  /** Cookieless visit statistics and the funnel from visitors to won leads (issue 14). */
  insights: '/admin/insights',
  /** The agency's details: company, contact, social profiles, newsletter forms (issue 14). */
  settings: '/admin/settings',
  /** The server's JSON endpoint behind the team page: it holds the service key, the page not. */
  teamApi: '/admin/api/team',
  /** The server's JSON endpoint that signs a draft's private preview link (issue 15). */
  previewLinksApi: '/admin/api/preview-links',
  /** Where the guard sends anyone not signed in (specification §2). */
  login: '/login',
} as const;

/** A path as the route table writes it: without the leading slash. */
export function routePath(path: string): string {
  return path.replace(/^\//, '');
}

/** The administrator's pages, which have their own frame instead of the public site's. */
export function isAdminPath(pathname: string): boolean {
  return pathname === adminPaths.posts || pathname.startsWith(`${adminPaths.posts}/`);
}
