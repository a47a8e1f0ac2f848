// The cookie banner and the sign-up frames' placeholders with JavaScript (docs/decisions/0014): the
// same post the form makes without it, sent without a reload; "Choose" opens the banner's
// categories and "Cookie settings" in the footer opens the banner again, instead of going to the
// settings page. Once the choice is stored the banner closes, and a frame marketing now allows
// comes in.
import {
  BANNER_SELECTOR,
  CATEGORIES_SELECTOR,
  CHOOSE_SELECTOR,
  CONSENT_FORM_SELECTOR,
  SAVE_SELECTOR,
  SETTINGS_LINK_SELECTOR,
  STATUS_SELECTOR,
} from '~/ui/consent-markup';
import { consentFromCookies, type ConsentChoice } from '~/visit/consent-cookie';

export interface ConsentDependencies {
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** After a choice is stored, with the choice the cookie now holds. */
  chosen(choice: ConsentChoice): void;
  reload(): void;
}

/** Shows the banner's categories and Save instead of Choose. */
function openChoices(banner: HTMLElement): void {
  banner.querySelector(CATEGORIES_SELECTOR)?.removeAttribute('hidden');
  banner.querySelector(CHOOSE_SELECTOR)?.setAttribute('hidden', '');
  banner.querySelector(SAVE_SELECTOR)?.removeAttribute('hidden');
  banner.querySelector<HTMLInputElement>(`${CATEGORIES_SELECTOR} input`)?.focus();
}

/** Frames waiting for marketing consent (signup-frame.tsx) take their place. */
export function insertConsentedFrames(doc: Document): void {
  for (const slot of doc.querySelectorAll<HTMLElement>('[data-consent-frame]')) {
    const template = slot.querySelector('template');
    if (!template) continue;
    slot.replaceChildren(template.content.cloneNode(true));
    // Now a slot holding its frame, as a deferred one does once in place.
    slot.removeAttribute('data-consent-frame');
    slot.setAttribute('data-deferred-frame', '');
  }
}

export function enhanceConsent(doc: Document, deps: ConsentDependencies, signal?: AbortSignal) {
  const banner = doc.querySelector<HTMLElement>(BANNER_SELECTOR);
  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element;
      if (!banner) return;
      if (target.closest(CHOOSE_SELECTOR)) {
        event.preventDefault();
        openChoices(banner);
      } else if (target.closest(SETTINGS_LINK_SELECTOR)) {
        event.preventDefault();
        banner.hidden = false;
        openChoices(banner);
      }
    },
    { signal },
  );
  doc.addEventListener(
    'submit',
    (event) => {
      const form = (event.target as Element).closest<HTMLFormElement>(CONSENT_FORM_SELECTOR);
      // The settings page's own form posts as it does without JavaScript, and goes back.
      if (!form || !(form.closest(BANNER_SELECTOR) || form.closest('[data-consent-frame]'))) return;
      event.preventDefault();
      const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
      const body = new URLSearchParams();
      for (const [name, value] of new FormData(form)) body.append(name, String(value));
      if (submitter?.name) body.append(submitter.name, submitter.value);
      const status = form.querySelector<HTMLElement>(STATUS_SELECTOR);
      const failed = () => {
        if (status) status.textContent = status.dataset.failed ?? '';
      };
      deps
        .fetch(form.action, {
          method: 'POST',
          body,
          redirect: 'manual',
          credentials: 'same-origin',
        })
        .then((response) => {
          // The endpoint answers a stored choice with 303, which fetch shows as opaque.
          if (response.type !== 'opaqueredirect' && response.status !== 303) return failed();
          const choice = consentFromCookies(doc.cookie);
          if (!choice) return failed();
          if (status) status.textContent = '';
          deps.chosen(choice);
          // Reopened from the footer, the banner shows the choice now made.
          for (const box of banner?.querySelectorAll<HTMLInputElement>('input[type=checkbox]') ??
            [])
            box.checked = choice[box.value as keyof ConsentChoice] ?? false;
          // A frame that marketing no longer allows is taken out with a fresh page.
          if (!choice.marketing && doc.querySelector('[data-deferred-frame] iframe'))
            return deps.reload();
          if (choice.marketing) insertConsentedFrames(doc);
          if (banner && form.closest(BANNER_SELECTOR)) {
            banner.hidden = true;
            doc.getElementById('main')?.focus();
          }
        }, failed);
    },
    { signal },
  );
}
