// The agency's identity in one place: every component reads its name and pages from here.

export const site = {
  /** Trading name shown in the header, footer, titles and copyright line. */
  name: 'Nordic Lead Agency',
  /** The Swedish company behind the site (the controller named in the privacy policy). */
  legalName: 'Nordic Lead Agency AB',
  /**
   * The agency's own social pages, linked from the footer. Configuration: change these if the
   * agency's pages live at other addresses.
   */
  social: {
    facebook: 'https://www.facebook.com/nordicleadagency',
    linkedin: 'https://www.linkedin.com/company/nordic-lead-agency',
  },
};
