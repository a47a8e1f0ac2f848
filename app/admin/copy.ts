// The admin frame's words: the bar every admin page shares (Back to Blog, the sections' nav,
// the member and Sign Out) and the placeholder banner under it. Each domain's screen keeps its
// own words beside it (its copy.ts). The administrator's side is English only, so this is one
// English object rather than a { en, sv } pair (docs/decisions/0004-copy-beside-each-feature.md).

export const adminCopy = {
  backToBlog: 'Back to Blog',
  skipToContent: 'Skip to content',
  welcome: (email: string) => `Welcome, ${email}`,
  signOut: 'Sign Out',
  signingOut: 'Signing out...',
  signOutFailed: (message: string) => `Failed to sign out: ${message}`,
  nav: {
    label: 'Admin sections',
    leads: 'Leads',
    leadsWithCount: (newLeads: number) => `Leads (${newLeads.toLocaleString('en-US')} new)`,
    posts: 'Blog posts',
    availability: 'Availability',
    insights: 'Insights',
    team: 'Team',
    settings: 'Settings',
    account: 'Account',
  },
  banner: {
    text: 'The site still shows placeholder company details: the privacy policy, the footer and the newsletter forms need the real ones.',
    link: 'Enter them in Settings',
  },
} as const;
