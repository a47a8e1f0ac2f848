// The agency's identity in one place: every component reads its name and pages from here. The
// company's registered details are settings: an administrator saves them in
// /admin/settings, the environment gives the starting values (AGENCY_*, NEWSLETTER_*), and the
// values below are the last fallback (app/data/agency-settings.ts).

export const site = {
  /** Trading name shown in the header, footer, titles and copyright line. */
  name: 'Nordic Lead Agency',
  /** The country the company is registered in, in each site language. */
  country: { en: 'Sweden', sv: 'Sverige' },
};

/**
 * The agency's details when neither /admin/settings nor the environment gives them. The
 * placeholders (agencyPlaceholderFields) are example values, not a real registration: while one
 * is in use `npm start` says so and /admin shows a banner.
 */
export const agencyFallbacks = {
  legalName: 'Nordic Lead Agency AB',
  organisationNumber: '559000-0000',
  streetAddress: 'Exempelgatan 1',
  postalCode: '111 22',
  city: 'Stockholm',
  contactEmail: 'privacy@nordicleadagency.com',
  phone: null,
  facebookUrl: 'https://www.facebook.com/nordicleadagency',
  linkedinUrl: 'https://www.linkedin.com/company/nordic-lead-agency',
  instagramUrl: null,
  // MailerLite ids that load no real form.
  mailerLiteAccountId: '1000000',
  newsletterFormIdEn: '100000000000000001',
  newsletterFormIdSv: '100000000000000002',
  guideFormIdEn: '100000000000000003',
  guideFormIdSv: '100000000000000004',
} as const;

/** The fallbacks that are examples to replace before launch. */
export const agencyPlaceholderFields = [
  'organisationNumber',
  'streetAddress',
  'postalCode',
  'city',
  'contactEmail',
  'mailerLiteAccountId',
  'newsletterFormIdEn',
  'newsletterFormIdSv',
  'guideFormIdEn',
  'guideFormIdSv',
] as const satisfies ReadonlyArray<keyof typeof agencyFallbacks>;
