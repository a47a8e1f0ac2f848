// The words of /admin/settings; the placeholder banner's are the admin frame's (app/admin/copy.ts).
// English only, like the rest of the admin pages.
import type { AgencySettingKey } from '~/data/agency-settings';
import { adminCopy } from '~/admin/copy';

export const settingsCopy = {
  heading: 'Settings',
  intro:
    'The company behind the site, as the privacy policy, the footer, search engines and the confirmation mail to each lead name it. Saving updates every page at once.',
  sections: {
    company: 'Company',
    contact: 'Contact',
    social: 'Social profiles',
    newsletter: 'Newsletter provider (MailerLite)',
  },
  newsletterHint:
    'The numbers in each form’s shareable link, dashboard.mailerlite.com/forms/{account}/{form}/share. Left empty, the environment’s value or a placeholder is used.',
  labels: {
    // The banner names the settings that hold an example value by these same words.
    ...adminCopy.settingNames,
    legalName: 'Legal name',
    phone: 'Phone (optional)',
    facebookUrl: 'Facebook page (optional)',
    linkedinUrl: 'LinkedIn page (optional)',
    instagramUrl: 'Instagram profile (optional)',
  } satisfies Record<AgencySettingKey, string>,
  hints: {
    organisationNumber: 'NNNNNN-NNNN, as Bolagsverket registered it.',
    contactEmail: 'Privacy requests and replies to the confirmation mail go here.',
  } satisfies Partial<Record<AgencySettingKey, string>>,
  placeholderHint: (value: string) => `Until set, the site shows the placeholder “${value}”.`,
  save: 'Save settings',
  saving: 'Saving…',
  saved: 'Settings saved. Every page now shows them.',
  invalid: 'Some fields need attention: see the messages beside them.',
  loading: 'Loading settings...',
  failed: (message: string) => `The settings could not be saved: ${message}`,
  loadFailed: (message: string) => `The settings could not be loaded: ${message}`,
};
