// What the consent forms' markup (app/features/consent/consent-form.tsx, a sign-up frame's
// placeholder in signup-frame.tsx), the endpoint (app/features/consent/action.server.ts) and the
// site's script (app/enhance/consent.ts) agree on: field names, the buttons' values and the data
// attributes the script looks for.

/** Every consent form: the banner's, the settings page's and a sign-up frame's placeholder. */
export const CONSENT_FORM_SELECTOR = 'form[data-consent-form]';
/** The banner, hidden once a choice is made; "Cookie settings" opens it again. */
export const BANNER_SELECTOR = '[data-cookie-banner]';
/** The banner's categories, shown by "Choose" (without JavaScript, Choose opens the settings page). */
export const CATEGORIES_SELECTOR = '[data-consent-categories]';
export const CHOOSE_SELECTOR = '[data-consent-choose]';
export const SAVE_SELECTOR = '[data-consent-save]';
/** The footer's "Cookie settings" link. */
export const SETTINGS_LINK_SELECTOR = 'a[data-cookie-settings]';
/** A live region that says the choice was saved, or that it failed. */
export const STATUS_SELECTOR = '[data-consent-status]';

/** The submit buttons' name and values. */
export const CHOICE_FIELD = 'choice';
export const CHOICES = ['accept-all', 'reject-all', 'save', 'allow-marketing'] as const;
export type ConsentAction = (typeof CHOICES)[number];

/** The categories' checkboxes: name="allow" value="<category>". */
export const ALLOW_FIELD = 'allow';
export const SOURCE_FIELD = 'source';
export const SOURCES = ['banner', 'settings', 'frame'] as const;
export type ConsentSource = (typeof SOURCES)[number];
export const RETURN_FIELD = 'return_to';
