// The administrator's addresses in one place: links, navigations and the route table read them
// from here, so a moved page is changed once.

export const adminPaths = {
  /** The blog manager. */
  posts: '/admin',
  /** The blog manager with one post open in edit mode. */
  editPost: (id: string) => `/admin?edit=${encodeURIComponent(id)}`,
  /** The leads list. */
  leads: '/admin/leads',
  /** One lead: every field, its mails, its owner and its history. */
  lead: (id: string) => `/admin/leads/${encodeURIComponent(id)}`,
  /** The route table's pattern of `lead`. */
  leadPattern: '/admin/leads/:id',
  /** The team: members, their roles, invitations. */
  team: '/admin/team',
  /** The signed-in member's own password, e-mail address and two-factor sign-in. */
  account: '/admin/account',
  /** When visitors can book the strategy call, and the calendar feed. */
  availability: '/admin/availability',
  /** Cookieless visit statistics and the funnel from visitors to won leads. */
  insights: '/admin/insights',
  /** The agency's details: company, contact, social profiles, newsletter forms. */
  settings: '/admin/settings',
  /** One field of the settings, which the page moves to and focuses once loaded. */
  setting: (key: string) => `/admin/settings#${settingFieldId(key)}`,
  /** The server's JSON endpoint behind the team page: it holds the service key, the page not. */
  teamApi: '/admin/api/team',
  /** The server's JSON endpoint that signs a draft's private preview link. */
  previewLinksApi: '/admin/api/preview-links',
  /** The server's JSON endpoint that signs the link to a lead's meeting page, as its visitor has it. */
  meetingLinksApi: '/admin/api/meeting-links',
  /** Where the guard sends anyone not signed in. */
  login: '/login',
} as const;

/** The id of a settings field's control, which adminPaths.setting links to. */
export function settingFieldId(key: string): string {
  return `setting-${key}`;
}

/** A path as the route table writes it: without the leading slash. */
export function routePath(path: string): string {
  return path.replace(/^\//, '');
}

/** The administrator's pages, which have their own frame instead of the public site's. */
export function isAdminPath(pathname: string): boolean {
  return pathname === adminPaths.posts || pathname.startsWith(`${adminPaths.posts}/`);
}
