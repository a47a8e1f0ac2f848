// Where a consultation request leads, and when.

/** The thank-you page, in English; localizedPath gives the Swedish one. */
export const THANK_YOU_PATH = '/book-call/thank-you';

/** How long the built-in thank-you panel shows before the visitor is taken to THANK_YOU_PATH. */
export const REDIRECT_DELAY_MS = 2000;

/**
 * The form's hidden fields besides the columns and the attribution. HONEYPOT_FIELD is off screen
 * and left empty by people; FORM_START_FIELD holds the signed render time (form-token.server.ts).
 */
export const HONEYPOT_FIELD = 'website';
export const FORM_START_FIELD = 'form_start';

/**
 * The lead's ID, made by the page's script (crypto.randomUUID) so it knows it without reading the
 * redirect; the action makes one when the field is missing or not a UUID. It is the
 * Meta pixel's eventID on the thank-you page and the Conversions API's event_id.
 */
export const LEAD_ID_FIELD = 'lead_id';
