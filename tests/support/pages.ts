// Every public page of the demo site (SEED_DEMO), by language, for the browser tests that visit
// them all: the home page, the forms and their thank-you pages, the blog, a demo post, the
// privacy policy and a missing page.
export const englishPagePaths = [
  '/',
  '/book-call',
  '/book-call/thank-you',
  '/newsletter',
  '/newsletter/almost-there',
  '/newsletter/thank-you',
  '/free-meta-ads-guide',
  '/blog',
  '/blog/meta-lead-forms-vs-landing-pages',
  '/privacy-policy',
  '/no-such-page',
];

export const swedishPagePaths = [
  '/sv',
  '/sv/book-call',
  '/sv/book-call/thank-you',
  '/sv/newsletter',
  '/sv/newsletter/almost-there',
  '/sv/newsletter/thank-you',
  '/sv/free-meta-ads-guide',
  '/sv/blog',
  '/sv/blog/svara-snabbt-pa-forfragningar',
  '/sv/privacy-policy',
  '/sv/no-such-page',
];
