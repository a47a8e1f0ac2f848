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
  preview: {
    label: 'Preview',
    notice: 'Preview: this post is not on the blog yet, and only people with this link see it.',
    draft: 'It is a draft: it appears once it is published.',
    scheduled: (date: string) => `It is scheduled to appear on ${date}.`,
    expires: (date: string) => `This link works until ${date}.`,
    refused: {
      expired: {
        heading: 'This preview link has expired',
        text: 'Preview links work for 7 days. Ask the writer for a new link.',
      },
      invalid: {
        heading: 'This preview link is not valid',
        text: 'The link is incomplete or has been changed. Ask the writer for a new link.',
      },
      'not-found': {
        heading: 'This post no longer exists',
        text: 'The post this link previewed has been deleted.',
      },
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
  preview: {
    label: 'Förhandsvisning',
    notice:
      'Förhandsvisning: inlägget finns inte på bloggen än, och bara den som har länken ser det.',
    draft: 'Det är ett utkast: det visas när det publiceras.',
    scheduled: (date: string) => `Det är schemalagt att visas ${date}.`,
    expires: (date: string) => `Länken fungerar till och med ${date}.`,
    refused: {
      expired: {
        heading: 'Länken till förhandsvisningen har gått ut',
        text: 'Länkar till förhandsvisningar fungerar i 7 dagar. Be skribenten om en ny länk.',
      },
      invalid: {
        heading: 'Länken till förhandsvisningen är inte giltig',
        text: 'Länken är ofullständig eller har ändrats. Be skribenten om en ny länk.',
      },
      'not-found': {
        heading: 'Inlägget finns inte längre',
        text: 'Inlägget som länken visade har tagits bort.',
      },
    },
  },
};

export const blogCopy = { en, sv };
