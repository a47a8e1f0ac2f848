// The names the server-rendered consultation form and its browser script (enhance-form.ts) share:
// element ids, the error wiring and the markers the script finds the form's parts by. How the
// site's script finds the form itself is shared with it (app/ui/consultation-markup.ts).
import type { ConsultationField } from './validation';

export const inputId = (field: ConsultationField) => `consultation-${field}`;
export const errorId = (field: ConsultationField) => `consultation-${field}-error`;
export const COUNTER_ID = 'consultation-problems-counter';

/** The paragraph below the button for 'Failed to submit: …', empty until then. */
export const FAILURE_SELECTOR = '[data-consultation-failure]';
/** The agency's phone and e-mail below it, given when the network is past every limit. */
export const CONTACT_SELECTOR = '[data-consultation-contact]';
/** What holds both, focused when the answer is a failure no field explains. */
export const FAILURE_REGION_SELECTOR = '[data-consultation-failure-region]';
/** The thank-you panel the script shows in place of the form once a request is stored. */
export const THANKS_SELECTOR = 'template[data-consultation-thanks]';

/** A control's aria-describedby: the counter under problems, then its error when it has one. */
export function describedBy(field: ConsultationField, hasError: boolean): string | undefined {
  const ids = [field === 'problems' ? COUNTER_ID : undefined, hasError ? errorId(field) : undefined]
    .filter(Boolean)
    .join(' ');
  return ids || undefined;
}
