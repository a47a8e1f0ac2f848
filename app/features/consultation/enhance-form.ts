// The consultation form in the browser, on the markup the server renders (consultation-form.tsx),
// without React: the page loads it from app/enhance/main.ts.
//   - The form's rules (validation.ts) are checked before anything is sent: every message beside
//     its field, focus on the first invalid one; editing a field clears its message; the counter
//     follows problems.
//   - Then the same request the form sends without JavaScript goes to the same action. While it
//     is on its way the button says 'Submitting...' and cannot be pressed again.
//   - The action's answer: a redirect means stored → the thank-you panel, then the thank-you page
//     after REDIRECT_DELAY_MS. Anything else is the form re-rendered by the server, whose errors
//     and 'Failed to submit: …' (with the agency's phone and e-mail when the network is past every
//     limit) are shown here, with everything typed kept as it is; focus goes to the first refused
//     field, or else to the message.
import type { Language } from '~/i18n/locale';
import type { Attribution } from '~/visit/attribution';
import { ATTRIBUTION_FIELDS } from '~/visit/attribution';
import { LEAD_ID_FIELD, REDIRECT_DELAY_MS } from './constants';
import { consultationCopy } from './copy';
import { FORM_SELECTOR, LEAD_ID_PARAMETER } from '~/ui/consultation-markup';
import {
  CONTACT_SELECTOR,
  COUNTER_ID,
  FAILURE_REGION_SELECTOR,
  FAILURE_SELECTOR,
  THANKS_SELECTOR,
  describedBy,
  errorId,
} from './form-markup';
import {
  CONSULTATION_FIELDS,
  PROBLEMS_MIN_LENGTH,
  consultationValuesFromFormData,
  firstInvalidField,
  validateConsultation,
  type ConsultationErrors,
  type ConsultationField,
} from './validation';

export interface ConsultationFormDeps {
  /** Sends the request; the window's fetch in the page, a stand-in for the server in tests. */
  fetch: typeof fetch;
  /** Opens the thank-you page. */
  navigate: (path: string) => void;
  /** The visit's first page, recorded in this tab (visit-attribution.ts). */
  attribution: Attribution;
}

type Answer =
  | { sent: true }
  | {
      sent: false;
      errors: ConsultationErrors;
      failure: string | null;
      /** The agency's phone and e-mail as the server rendered them (links), or null. */
      contact: Node[] | null;
    };

function isField(name: string): name is ConsultationField {
  return (CONSULTATION_FIELDS as readonly string[]).includes(name);
}

/**
 * What the action answered. It redirects when it stored the request (or dropped it as spam);
 * otherwise it renders the page again with the form's errors and failure, read from that HTML.
 */
async function readAnswer(response: Response, failed: (reason: string) => string): Promise<Answer> {
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))
    return { sent: true };
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const form = page.querySelector(FORM_SELECTOR);
  if (!form) {
    // Not the form's page (an error page, a proxy's answer): the status is all there is to say.
    return {
      sent: false,
      errors: {},
      failure: failed(`${response.status} ${response.statusText}`.trim()),
      contact: null,
    };
  }
  const errors: ConsultationErrors = {};
  for (const field of CONSULTATION_FIELDS) {
    const message = page.getElementById(errorId(field))?.textContent;
    if (message) errors[field] = message;
  }
  const failure = form.querySelector(FAILURE_SELECTOR)?.textContent || null;
  const contact = form.querySelector(CONTACT_SELECTOR);
  return {
    sent: false,
    errors,
    failure,
    contact: contact?.hasChildNodes() ? [...contact.childNodes] : null,
  };
}

export function enhanceConsultationForm(form: HTMLFormElement, deps: ConsultationFormDeps): void {
  const doc = form.ownerDocument;
  const language: Language = doc.documentElement.lang === 'sv' ? 'sv' : 'en';
  const t = consultationCopy[language];
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const failure = form.querySelector<HTMLElement>(FAILURE_SELECTOR)!;
  const contact = form.querySelector<HTMLElement>(CONTACT_SELECTOR);
  const failureRegion = form.querySelector<HTMLElement>(FAILURE_REGION_SELECTOR);
  const counter = doc.getElementById(COUNTER_ID);
  const control = (field: ConsultationField) =>
    form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

  for (const field of ATTRIBUTION_FIELDS) {
    const input = form.elements.namedItem(field);
    if (input instanceof HTMLInputElement) input.value = deps.attribution[field] ?? '';
  }

  function showError(field: ConsultationField, message: string | undefined): void {
    const element = control(field);
    const paragraph = doc.getElementById(errorId(field));
    if (paragraph) paragraph.textContent = message ?? '';
    if (message) element.setAttribute('aria-invalid', 'true');
    else element.removeAttribute('aria-invalid');
    const ids = describedBy(field, message !== undefined);
    if (ids) element.setAttribute('aria-describedby', ids);
    else element.removeAttribute('aria-describedby');
  }

  function showErrors(errors: ConsultationErrors): void {
    for (const field of CONSULTATION_FIELDS) showError(field, errors[field]);
    const first = firstInvalidField(errors);
    if (first) control(first).focus();
  }

  function updateCounter(): void {
    if (!counter) return;
    const count = control('problems').value.trim().length;
    counter.textContent = t.form.problemsCounter(count);
    counter.dataset.met = String(count >= PROBLEMS_MIN_LENGTH);
  }

  function setSubmitting(submitting: boolean): void {
    button.disabled = submitting;
    form.setAttribute('aria-busy', String(submitting));
    if (!submitting) {
      button.textContent = t.form.submit;
      return;
    }
    const spinner = doc.createElement('span');
    spinner.className = 'consultation-form__spinner';
    spinner.setAttribute('aria-hidden', 'true');
    button.replaceChildren(spinner, t.form.submitting);
  }

  function showThanks(): void {
    const template = form.parentElement?.querySelector<HTMLTemplateElement>(THANKS_SELECTOR);
    const panel = template?.content.firstElementChild?.cloneNode(true);
    if (panel instanceof HTMLElement) {
      form.replaceWith(panel);
      panel.querySelector<HTMLElement>('h2')?.focus();
    }
    const thankYou = form.dataset.thankYou ?? '/';
    // Meta's pixel tracks the lead on the thank-you page with its ID as the event's.
    const withLead =
      // data-meta-pixel (ad-tags-markup.ts), read here without importing it into this chunk.
      leadId && doc.documentElement.dataset.metaPixel !== undefined
        ? `${thankYou}?${LEAD_ID_PARAMETER}=${leadId}`
        : thankYou;
    setTimeout(() => deps.navigate(withLead), REDIRECT_DELAY_MS);
  }

  // Text typed before this script ran is in the textarea but not yet in the counter.
  updateCounter();

  form.addEventListener('input', (event) => {
    const name = (event.target as HTMLInputElement).name;
    if (!isField(name)) return;
    if (doc.getElementById(errorId(name))?.textContent) showError(name, undefined);
    if (name === 'problems') updateCounter();
  });

  let sending = false;
  let leadId: string | undefined;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    const fields = new FormData(form);
    const errors = validateConsultation(consultationValuesFromFormData(fields), language);
    failure.textContent = '';
    contact?.replaceChildren();
    showErrors(errors);
    if (firstInvalidField(errors)) return;

    sending = true;
    setSubmitting(true);
    // The lead's ID, so the page knows it without reading the redirect (insecure origins lack
    // randomUUID: the action then makes one, and the pixel does without the Lead event).
    leadId = globalThis.crypto?.randomUUID?.();
    if (leadId) fields.set(LEAD_ID_FIELD, leadId);
    void (async () => {
      let answer: Answer;
      try {
        const response = await deps.fetch(form.action, {
          method: 'POST',
          // As the browser encodes the form without JavaScript.
          body: new URLSearchParams(fields as unknown as Record<string, string>),
          redirect: 'manual',
        });
        answer = await readAnswer(response, t.form.failed);
      } catch (error) {
        answer = {
          sent: false,
          errors: {},
          failure: t.form.failed(error instanceof Error ? error.message : String(error)),
          contact: null,
        };
      }
      sending = false;
      if (answer.sent) {
        showThanks();
        return;
      }
      setSubmitting(false);
      failure.textContent = answer.failure ?? '';
      contact?.replaceChildren(...(answer.contact ?? []).map((node) => doc.importNode(node, true)));
      showErrors(answer.errors);
      // A failure no field explains: the message (and the agency's phone and e-mail) takes focus.
      if (answer.failure && !firstInvalidField(answer.errors)) failureRegion?.focus();
    })();
  });
}
