// The admin frame's words: the bar every admin page shares (Back to Blog, the sections' nav,
// the member and Sign Out) and the placeholder banner under it, which names the settings still
// holding an example value by the labels the settings form gives them (settingNames). Each domain's screen keeps its
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
    /** Company details: visitors read them in the footer and the privacy policy. A warning. */
    company:
      'Visitors still see placeholder company details in the footer and the privacy policy. Replace these in Settings:',
    /** MailerLite's ids: only the newsletter and guide pages need them. A note. */
    forms:
      'The newsletter and guide pages show no working sign-up form until these MailerLite ids are set in Settings:',
    fieldsLabel: 'Settings still to fill in',
  },
  /** The settings that can hold an example value, as the settings form labels them. */
  settingNames: {
    organisationNumber: 'Organisation number',
    streetAddress: 'Street address',
    postalCode: 'Postal code',
    city: 'City',
    contactEmail: 'Contact e-mail',
    mailerLiteAccountId: 'Account ID',
    newsletterFormIdEn: 'Newsletter form, English',
    newsletterFormIdSv: 'Newsletter form, Swedish',
    guideFormIdEn: 'Guide form, English',
    guideFormIdSv: 'Guide form, Swedish',
  },
} as const;
