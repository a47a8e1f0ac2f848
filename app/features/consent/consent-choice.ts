// What a consent form's post means (issue 14): the choice it makes from the button pressed, the
// boxes ticked and the visitor's previous choice. Shared by the endpoint and the site's script.
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
} from './consent-markup';

export interface ConsentPost {
  choice: ConsentChoice;
  source: ConsentSource;
  /** A path of this site to go back to, or undefined when the post named none that is safe. */
  returnTo: string | undefined;
}

/** Only a path on this site: never another origin (`//evil`, `/\evil`) nor a scheme. */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

/** The choice a post makes, or undefined when it is not one of the forms' posts. */
export function consentPostFrom(
  form: { get(name: string): unknown; getAll(name: string): unknown[] },
  previous: ConsentChoice | undefined,
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
    returnTo: safeReturnPath(form.get(RETURN_FIELD)),
  };
}
