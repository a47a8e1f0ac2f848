// What a consent form's post means: the choice it makes from the button pressed, the boxes ticked
// and the visitor's previous choice, and the page of this site to go back to.
import type { Language } from '~/i18n/locale';
import { safeReturnPath } from '~/i18n/return-path';
import {
  CONSENT_CATEGORIES,
  EVERYTHING_ALLOWED,
  NOTHING_ALLOWED,
  type ConsentCategory,
  type ConsentChoice,
} from '~/visit/consent-cookie';
import {
  ALLOW_FIELD,
  CHOICE_FIELD,
  CHOICES,
  RETURN_FIELD,
  SOURCE_FIELD,
  SOURCES,
  type ConsentSource,
} from '~/ui/consent-markup';

export interface ConsentPost {
  choice: ConsentChoice;
  source: ConsentSource;
  /** The path of this site the post named to go back to, else the home page in its language. */
  returnTo: string;
}

/** The choice a post makes, or undefined when it is not one of the forms' posts. */
export function consentPostFrom(
  form: { get(name: string): unknown; getAll(name: string): unknown[] },
  previous: ConsentChoice | undefined,
  language: Language,
): ConsentPost | undefined {
  const action = form.get(CHOICE_FIELD);
  const source = form.get(SOURCE_FIELD);
  if (!(CHOICES as readonly unknown[]).includes(action)) return undefined;
  if (!(SOURCES as readonly unknown[]).includes(source)) return undefined;
  let choice: ConsentChoice;
  if (action === 'accept-all') choice = { ...EVERYTHING_ALLOWED };
  else if (action === 'reject-all') choice = { ...NOTHING_ALLOWED };
  else if (action === 'allow-marketing')
    choice = { ...(previous ?? NOTHING_ALLOWED), marketing: true };
  else {
    const allowed = form.getAll(ALLOW_FIELD);
    choice = Object.fromEntries(
      CONSENT_CATEGORIES.map((category: ConsentCategory) => [category, allowed.includes(category)]),
    ) as ConsentChoice;
  }
  return {
    choice,
    source: source as ConsentSource,
    returnTo: safeReturnPath(form.get(RETURN_FIELD), language),
  };
}
