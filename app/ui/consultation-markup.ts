// What the consultation form's pages and the site's script (app/enhance) agree on beyond the form
// itself: how the script finds the form on a page (and loads the form's own script), and where the
// thank-you page carries the stored lead's ID. The form's other ids and markers are the
// consultation feature's (app/features/consultation/form-markup.ts).

/** The form, carrying data-thank-you: where a stored request leads. */
export const FORM_SELECTOR = 'form[data-consultation-form]';

/**
 * The thank-you page's query parameter that carries the lead's ID to Meta's pixel, read by the
 * site's script only; the page's route does not declare it, so the page cache ignores it. Here,
 * beside FORM_SELECTOR, so it is in the site's script and no chunk of its own.
 */
export const LEAD_ID_PARAMETER = 'lead';
