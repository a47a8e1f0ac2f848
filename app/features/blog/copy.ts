// The blog's own texts (docs/decisions/0004-copy-beside-each-feature.md). The list's title and
// intro are page texts in app/i18n (used by meta too); the cards' texts are the shared `posts`.

const en = {
  list: {
    failed: 'Failed to load blog posts',
    pagesLabel: 'Blog pages',
    page: (page: number) => `Page ${page}`,
    newer: 'Newer posts',
    older: 'Older posts',
  },
  post: {
    loading: 'Loading blog post...',
    notFound: 'Blog post not found',
    failed: 'Failed to load blog post',
    missing: "The blog post you're looking for doesn't exist or has been removed.",
    backToBlog: 'Back to Blog',
    cta: {
      heading: 'Ready to Grow Your Business?',
      lead: 'Book a FREE consultation and find out how we can fill your calendar with quality leads within 30 days.',
      button: 'Book Your Free Strategy Call',
    },
  },
};

export type BlogCopy = typeof en;

const sv: BlogCopy = {
  list: {
    failed: 'Misslyckades att ladda blogginlägg',
    pagesLabel: 'Bloggens sidor',
    page: (page: number) => `Sida ${page}`,
    newer: 'Nyare inlägg',
    older: 'Äldre inlägg',
  },
  post: {
    loading: 'Laddar blogginlägget...',
    notFound: 'Blogginlägget hittades inte',
    failed: 'Misslyckades att ladda blogginlägget',
    missing: 'Blogginlägget du letar efter finns inte eller har tagits bort.',
    backToBlog: 'Tillbaka till bloggen',
    cta: {
      heading: 'Redo att växa ditt företag?',
      lead: 'Boka en GRATIS konsultation och få veta hur vi kan fylla din kalender med kvalitetsleads inom 30 dagar.',
      button: 'Boka ditt gratis strategisamtal',
    },
  },
};

export const blogCopy = { en, sv };
