// The agency's identity in one place: every component reads its name and pages from here.

export const site = {
  /** Trading name shown in the header, footer, titles and copyright line. */
  name: 'Nordic Lead Agency',
  /** The Swedish company behind the site (the controller named in the privacy policy). */
  legalName: 'Nordic Lead Agency AB',
  /**
   * The controller's registered details, shown in the privacy policy.
   * CONFIGURATION – REPLACE BEFORE LAUNCH: these are example values, not the company's real
   * registration. Use the organisation number from Bolagsverket, the registered postal address
   * and a monitored mailbox for privacy requests.
   */
  controller: {
    /** Organisationsnummer (Swedish company registration number), NNNNNN-NNNN. */
    organisationNumber: '559000-0000',
    address: {
      street: 'Exempelgatan 1',
      postalCode: '111 22',
      city: 'Stockholm',
      /** Country in each site language. */
      country: { en: 'Sweden', sv: 'Sverige' },
    },
    /** Where privacy questions and data subject requests go. */
    email: 'privacy@nordicleadagency.com',
  },
  /**
   * The agency's own social pages, linked from the footer. Configuration: change these if the
   * agency's pages live at other addresses.
   */
  social: {
    facebook: 'https://www.facebook.com/nordicleadagency',
    linkedin: 'https://www.linkedin.com/company/nordic-lead-agency',
  },
};
