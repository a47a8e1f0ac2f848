// The consultation page's action: every request, a plain form post or the same post sent by the
// page's script (enhance-form.ts), is checked and stored here, on the server.
//   1. The form's rules (validation.ts, the same as in the browser): refused → the messages
//      beside the fields.
//   2. Spam: a filled honeypot, or a signed start time that is missing, forged or too recent,
//      gets exactly the success a person gets and nothing is stored (one line in the log).
//   3. The insert, as the visitor's address (X-Forwarded-For) and browser, so the database's
//      limits count the visitor and a lead without a source of its own takes its visit's. Past a
//      limit the database keeps the lead held for the agency; past the bound of held leads it
//      answers 429 → a localized message with the agency's phone and e-mail, and the form as typed
//      (docs/decisions/0024-held-leads.md).
//   4. With the Conversions API on and the visitor's consent cookie allowing marketing: Meta's
//      Lead event of the stored lead, queued with the service key (the public API cannot).
// Stored (or dropped as spam): a 303 to the thank-you page. Refused: the page rendered again with
// the messages and what was typed, which the script reads when it sent the request.
import { data, redirect } from 'react-router';
import {
  consultationFormSettings,
  publicSiteUrl,
  serverEnv,
  type ConsultationFormSettings,
} from '~/data/config.server';
import { loadAgencySettings } from '~/data/agency-settings.server';
import { submitConsultation } from '~/data/lead-intake';
import { DataError } from '~/data/errors';
import { logFailure } from '~/data/failures.server';
import { queueMetaLeadEvent } from '~/data/meta-lead-events.server';
import { getServiceSupabase } from '~/data/service-client.server';
import type { AppSupabaseClient } from '~/data/supabase';
import { getServerSupabase } from '~/data/supabase.server';
import { languageFromPath, localizedPath } from '~/i18n/locale';
import { bookingCookie } from '~/security/booking-cookie.server';
import { attributionFromFormData, requestAttribution } from '~/visit/attribution';
import { withCookieAttribution } from '~/visit/attribution-cookie';
import { visitorAddress } from '~/visit/visitor-address';
import type { ConsultationActionData } from './action-data';
import { FORM_START_FIELD, HONEYPOT_FIELD, LEAD_ID_FIELD, THANK_YOU_PATH } from './constants';
import { consultationCopy } from './copy';
import { checkFormStart } from './form-token.server';
import { LEAD_ID_PARAMETER } from '~/ui/consultation-markup';
import { leadIdFrom, metaLeadEventContext } from './meta-lead-event.server';
import {
  consultationInput,
  consultationValuesFromFormData,
  firstInvalidField,
  validateConsultation,
  type ConsultationErrors,
} from './validation';

/** What the action works with; tests pass their own, the page uses the server's. */
export interface ConsultationActionContext {
  client: AppSupabaseClient;
  /** The agency's phone and e-mail, for a visitor past every limit. */
  agencyContact?: () => Promise<{ phone: string | null; email: string }>;
  settings: ConsultationFormSettings;
  /** The site's public origin: a Referer from it is this site's own page. */
  publicOrigin: string;
  now: number;
  /**
   * Meta's measurement (docs/decisions/0015): with the pixel, the thank-you page gets the lead's ID
   * for its Lead event; with the Conversions API too, a consenting visitor's lead queues the same
   * event.
   */
  meta?: { pixel: boolean; conversionsApi: boolean };
  /** The service-key client that queues Meta's Lead event; asked for only when one is queued. */
  serviceClient?: () => AppSupabaseClient;
}

function serverContext(request: Request): ConsultationActionContext {
  const env = serverEnv();
  return {
    meta: {
      pixel: Boolean(env.META_PIXEL_ID),
      conversionsApi: Boolean(env.META_PIXEL_ID && env.META_CAPI_TOKEN),
    },
    client: getServerSupabase(),
    agencyContact: async () => {
      const { settings } = await loadAgencySettings();
      return { phone: settings.phone, email: settings.contactEmail };
    },
    serviceClient: () => getServiceSupabase("Meta's Conversions API"),
    settings: consultationFormSettings(),
    publicOrigin: publicSiteUrl(request),
    now: Date.now(),
  };
}

/** Why the request looks like a bot's, or undefined for a person's. */
function spamReason(
  formData: FormData,
  formStart: string,
  { settings, now }: ConsultationActionContext,
): string | undefined {
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === 'string' && honeypot.trim() !== '') return 'honeypot filled';
  const start = checkFormStart(formStart, { ...settings, now });
  return start === 'valid' ? undefined : `start time ${start}`;
}

async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    // An unreadable body is answered like an empty form: every required field is named.
    return new FormData();
  }
}

export async function consultationAction(
  request: Request,
  context: ConsultationActionContext = serverContext(request),
) {
  const language = languageFromPath(new URL(request.url).pathname);
  const formData = await readForm(request);
  const values = consultationValuesFromFormData(formData);
  const formStartField = formData.get(FORM_START_FIELD);
  const formStart = typeof formStartField === 'string' ? formStartField : '';
  // The visit's first page as the browser recorded it (or the loader rendered it); a hand-made
  // post without those fields is attributed from its own address. Either gives way to the ad
  // click in the visitor's cookie when it names no campaign itself.
  const attribution = withCookieAttribution(
    attributionFromFormData(formData) ?? requestAttribution(request, context.publicOrigin),
    request.headers.get('cookie'),
  );
  const clientAddress = visitorAddress(request);
  const visitor = clientAddress ?? 'an unknown address';

  const leadId = leadIdFrom(formData.get(LEAD_ID_FIELD));
  const thankYou = localizedPath(THANK_YOU_PATH, language);
  const sent = (stored = false) =>
    redirect(context.meta?.pixel ? `${thankYou}?${LEAD_ID_PARAMETER}=${leadId}` : thankYou, {
      status: 303,
      // The stored lead's right to pick a time on the thank-you page.
      ...(stored && {
        headers: {
          'Set-Cookie': bookingCookie(leadId, {
            secret: context.settings.secret,
            now: context.now,
            secure: context.publicOrigin.startsWith('https:'),
          }),
        },
      }),
    });
  const refused = (
    status: number,
    answer: {
      errors?: ConsultationErrors;
      failure?: string;
      contact?: ConsultationActionData['contact'];
    },
  ) =>
    data<ConsultationActionData>(
      {
        outcome: 'refused',
        errors: answer.errors ?? {},
        failure: answer.failure ?? null,
        contact: answer.contact ?? null,
        values,
        formStart,
        attribution,
      },
      { status },
    );

  // The rules come first: a person who presses the button at once on an empty form (no
  // JavaScript) must read what is missing, not a thank-you for a request nobody stored.
  const errors = validateConsultation(values, language);
  if (firstInvalidField(errors)) return refused(400, { errors });

  const spam = spamReason(formData, formStart, context);
  if (spam) {
    console.warn(
      `Consultation request from ${visitor} dropped as spam (${spam}); answered as sent.`,
    );
    return sent();
  }

  try {
    await submitConsultation(
      context.client,
      {
        id: leadId,
        ...consultationInput(values, language, new Date(context.now)),
        ...attribution,
      },
      { clientAddress, userAgent: request.headers.get('user-agent') ?? undefined },
    );
  } catch (error) {
    if (error instanceof DataError && error.isRateLimited) {
      console.warn(`Consultation request from ${visitor} refused: past the bound of held leads.`);
      let contact: ConsultationActionData['contact'] = null;
      try {
        contact = (await context.agencyContact?.()) ?? null;
      } catch (settingsError) {
        console.error('Could not read the agency’s contact details:', settingsError);
      }
      return refused(429, { failure: consultationCopy[language].form.tooManyRequests, contact });
    }
    // While the database is out of reach: one line a minute with the count, not a stack per lead.
    logFailure('Could not store a consultation request', error);
    const status = error instanceof DataError ? (error.status ?? 500) : 500;
    return refused(status < 500 ? 400 : 502, {
      failure: error instanceof Error ? error.message : String(error),
    });
  }

  const event =
    context.meta?.conversionsApi &&
    metaLeadEventContext(request, {
      publicOrigin: context.publicOrigin,
      landingPage: attribution.landing_page,
      now: context.now,
      clientAddress,
    });
  if (event) {
    // The lead is stored either way: a failure here costs Meta's count of it, not the lead.
    try {
      if (!context.serviceClient) throw new Error('The action was given no service-key client.');
      await queueMetaLeadEvent(context.serviceClient(), leadId, event);
    } catch (error) {
      console.error(`Could not queue the Meta Lead event of lead ${leadId}:`, error);
    }
  }
  return sent(true);
}
