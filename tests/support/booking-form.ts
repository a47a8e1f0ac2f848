// The booking form as a visitor fills it in a browser: its fields' labels in each language, and
// filling them by those labels (by role and name, as a person finds them).
import type { Page } from 'playwright-core';

/** The booking form's labels in one language. */
export interface Labels {
  name: string;
  email: string;
  phone: string;
  company: string;
  problems: string;
  howFoundUs: string;
  additionalInfo: string;
}

export const englishLabels: Labels = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone number',
  company: 'Company name',
  problems: 'What problems are you looking to solve?',
  howFoundUs: 'How did you find us?',
  additionalInfo: 'Anything else we should know? (optional)',
};

export const swedishLabels: Labels = {
  name: 'Namn',
  email: 'E-postadress',
  phone: 'Telefonnummer',
  company: 'Företagsnamn',
  problems: 'Vilka problem vill du lösa?',
  howFoundUs: 'Hur hittade du oss?',
  additionalInfo: 'Något mer vi borde veta? (valfritt)',
};

/** What the visitor types, field by field: the same fields, the last one optional. */
export type Typed = Omit<Labels, 'additionalInfo'> & Partial<Pick<Labels, 'additionalInfo'>>;

/** A text field of the form, by its exact label. */
export const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Fills the form's fields by their labels; the optional one only when a value is given. */
export async function fill(page: Page, labels: Labels, values: Typed) {
  await field(page, labels.name).fill(values.name);
  await field(page, labels.email).fill(values.email);
  await field(page, labels.phone).fill(values.phone);
  await field(page, labels.company).fill(values.company);
  await field(page, labels.problems).fill(values.problems);
  await page
    .getByRole('combobox', { name: labels.howFoundUs, exact: true })
    .selectOption({ label: values.howFoundUs });
  if (values.additionalInfo !== undefined)
    await field(page, labels.additionalInfo).fill(values.additionalInfo);
}
