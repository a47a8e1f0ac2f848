// What a lead's Meta "Lead" event carries besides the hashed contacts, taken from the
// visitor's request by the form's action: only when the visitor allows marketing at the moment
// they send the form, so no event is queued for anyone else. The action queues it once the lead
// is stored (docs/decisions/0015).
import type { MetaLeadEventContext } from '~/data/meta-lead-events.server';
import { allows } from '~/visit/consent-cookie';
import { cookieValue } from '~/visit/cookie-header';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The lead ID the page's script made, when it is a UUID; otherwise a new one. */
export function leadIdFrom(field: FormDataEntryValue | null): string {
  return typeof field === 'string' && uuidPattern.test(field)
    ? field.toLowerCase()
    : crypto.randomUUID();
}

/** Meta's click ID cookie value for an ad click's fbclid (fb.1.<ms>.<fbclid>), as its pixel sets it. */
function fbcFromLanding(landingPage: string | null | undefined, publicOrigin: string, now: number) {
  if (!landingPage) return undefined;
  try {
    const fbclid = new URL(landingPage, publicOrigin).searchParams.get('fbclid');
    return fbclid ? `fb.1.${now}.${fbclid}` : undefined;
  } catch {
    return undefined;
  }
}

export function metaLeadEventContext(
  request: Request,
  options: {
    publicOrigin: string;
    landingPage?: string | null;
    now: number;
    /** The visitor's address (app/visit/visitor-address), which Meta matches the event with. */
    clientAddress?: string;
  },
): MetaLeadEventContext | undefined {
  const cookies = request.headers.get('cookie');
  if (!allows(cookies, 'marketing')) return undefined;
  const url = new URL(request.url);
  const context: MetaLeadEventContext = {
    event_source_url: `${options.publicOrigin}${url.pathname}`,
    client_ip_address: options.clientAddress?.slice(0, 100),
    client_user_agent: request.headers.get('user-agent')?.slice(0, 1000) || undefined,
    fbc:
      cookieValue(cookies, '_fbc')?.slice(0, 500) ||
      fbcFromLanding(options.landingPage, options.publicOrigin, options.now),
    fbp: cookieValue(cookies, '_fbp')?.slice(0, 500) || undefined,
  };
  return Object.fromEntries(
    Object.entries(context).filter(([, value]) => value),
  ) as MetaLeadEventContext;
}
