// Where a consultation request leads, and when (specification §2, §9).

/** The thank-you page, in English; localizedPath gives the Swedish one. */
export const THANK_YOU_PATH = '/book-call/thank-you';

/** How long the built-in thank-you panel shows before the visitor is taken to THANK_YOU_PATH. */
export const REDIRECT_DELAY_MS = 2000;
