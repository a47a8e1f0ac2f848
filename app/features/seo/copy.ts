// The feeds' own texts (docs/decisions/0004-copy-beside-each-feature.md): the channel a feed
// reader shows and the title of the <link rel="alternate"> that points readers at it.

const en = {
  feed: {
    /** The channel's name in a feed reader. */
    title: (siteName: string) => `${siteName} – Marketing Insights & Tips`,
    description: 'Short, practical marketing tips for owners of local businesses.',
    /** The title of the page's <link rel="alternate" type="application/rss+xml">. */
    linkTitle: (siteName: string) => `${siteName} blog (RSS, English)`,
  },
};

export type SeoCopy = typeof en;

const sv: SeoCopy = {
  feed: {
    title: (siteName: string) => `${siteName} – Marknadsföringsinsikter & tips`,
    description: 'Korta, praktiska marknadsföringstips för dig som driver ett lokalt företag.',
    linkTitle: (siteName: string) => `${siteName} blogg (RSS, svenska)`,
  },
};

export const seoCopy = { en, sv };
