// The consultation page's action: the form sent without JavaScript (or before the page hydrated).
// Same rules and messages as the browser; stores through app/data/ with the server's client and
// answers 303 to the thank-you page, or re-renders the form with what the visitor typed.
import { data, redirect } from 'react-router';
import { submitConsultation } from '~/data/consultations';
import { DataError } from '~/data/errors';
import { getServerSupabase } from '~/data/supabase.server';
import { languageFromPath, localizedPath } from '~/i18n/locale';
import { THANK_YOU_PATH } from './constants';
import type { ConsultationActionData } from './consultation-form';
import {
  consultationInput,
  consultationValuesFromFormData,
  emptyConsultationValues,
  firstInvalidField,
  validateConsultation,
} from './validation';

export async function consultationAction(request: Request) {
  const language = languageFromPath(new URL(request.url).pathname);
  let values = emptyConsultationValues();
  try {
    values = consultationValuesFromFormData(await request.formData());
  } catch {
    // An unreadable body is answered like an empty form: every required field is named.
  }

  const errors = validateConsultation(values, language);
  if (firstInvalidField(errors)) {
    return data<ConsultationActionData>({ values, errors, failure: null }, { status: 400 });
  }

  try {
    await submitConsultation(getServerSupabase(), consultationInput(values, language, new Date()));
  } catch (error) {
    console.error('Could not store a consultation request:', error);
    const refused = error instanceof DataError && (error.status ?? 500) < 500;
    return data<ConsultationActionData>(
      { values, errors: {}, failure: error instanceof Error ? error.message : String(error) },
      { status: refused ? 400 : 502 },
    );
  }
  return redirect(localizedPath(THANK_YOU_PATH, language), 303);
}
