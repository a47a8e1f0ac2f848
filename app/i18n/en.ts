// The source dictionary: every visible string of the public site in English. sv.ts is typed
// against it, so a string added here and missing there fails the type check.

export const en = {
  /** Value of <html lang> and hreflang. */
  htmlLang: 'en',
  skipToContent: 'Skip to content',
  header: {
    homeLink: (company: string) => `${company} – home`,
    navigationLabel: 'Main',
    blog: 'Read our Blog',
    newsletter: 'Join our Newsletter',
    bookCall: 'Book a Call',
    languageLabel: 'Language',
    menu: 'Menu',
  },
  languages: {
    en: { short: 'EN', name: 'English' },
    sv: { short: 'SV', name: 'Svenska' },
  },
  footer: {
    tagline: 'Quality leads for local businesses – in 30 days or your money back.',
    bookCall: 'Book a Call',
    navigationLabel: 'Footer',
    home: 'Home',
    blog: 'Blog',
    newsletter: 'Newsletter',
    socialLabel: 'Follow us',
    facebook: 'Facebook',
    linkedin: 'LinkedIn',
    privacyPolicy: 'Privacy Policy',
    cookieSettings: 'Cookie settings',
    copyright: (year: number, company: string) => `© ${year} ${company}. All rights reserved.`,
  },
  pages: {
    home: {
      title: 'Quality Leads for Local Businesses in 30 Days',
      description:
        'We fill the calendars of local businesses with quality leads in 30 days through search ads, social media advertising and email marketing – results guaranteed or your money back.',
    },
    newsletter: {
      title: 'Join our Newsletter',
      description:
        'Weekly marketing tips, the latest marketing news and exclusive offers for business owners.',
      heading: 'Join our Newsletter',
      lead: 'Weekly marketing tips, the latest marketing news and exclusive offers, straight to your inbox.',
    },
    newsletterThankYou: {
      title: 'Thank You for Subscribing',
      description: 'Your newsletter subscription is confirmed.',
      heading: 'Thank You for Subscribing!',
      lead: 'Your subscription is confirmed – your first marketing tips are on their way.',
    },
    newsletterAlmostThere: {
      title: "You're Almost There",
      description: 'Confirm your newsletter subscription with the email we just sent you.',
      heading: "You're Almost There!",
      lead: 'We have sent you a confirmation email – it should arrive within 5 minutes.',
    },
    bookCall: {
      title: 'Book a Free Strategy Call',
      description:
        'Request a free 30-minute strategy call and learn how we can fill your calendar with quality leads. We reply within 24 hours.',
      heading: 'Want to Know What We Could Do for You?',
      lead: 'Request your free 30-minute strategy call and we will contact you within 24 hours.',
    },
    bookCallThankYou: {
      title: 'Thank You for Your Interest',
      description: 'We have received your request for a free strategy call.',
    },
    blog: {
      title: 'Marketing Insights & Tips',
      description: 'Short, practical marketing tips for owners of local businesses.',
      heading: 'Marketing Insights & Tips',
      lead: 'Practical marketing advice for business owners who want more customers.',
    },
    privacyPolicy: {
      title: 'Privacy Policy',
      description:
        'How we collect, use and protect your personal data, and your rights under the GDPR.',
    },
    freeGuide: {
      title: 'Free Meta Ads Guide',
      description:
        'Get our free guide to Meta Ads for local businesses: steady leads without wasting money.',
      heading: 'The Meta Ads Guide for Local Businesses',
      lead: 'Learn how local businesses turn Facebook and Instagram ads into a steady stream of quality leads – without wasting money.',
    },
  },
  /** Post cards and lists, shared by the blog and the thank-you and confirmation pages. */
  posts: {
    readMore: 'Read More',
    readMoreAbout: (title: string) => `Read more: ${title}`,
    minRead: (minutes: number) => `${minutes} min read`,
    by: (author: string) => `By ${author}`,
    empty: 'No blog posts available yet.',
    loading: 'Loading blog posts...',
  },
  notFound: {
    title: 'Page not found',
    heading: 'Page not found',
    lead: "The page you're looking for doesn't exist or has been moved.",
    backHome: 'Back to the homepage',
  },
  error: {
    title: 'Something went wrong',
    heading: 'Something went wrong',
    lead: 'Please try again in a moment.',
    backHome: 'Back to the homepage',
  },
};

export type Dictionary = typeof en;
