// The consultation action with the real server-side supabase-js client and a fake network in
// place of the database: what it stores, with which headers, and what each visitor is answered.
// Long because every answer the action can give (stored, refused, limited, failed, spam) shares
// one fake network and its request checks, and reads best side by side.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listPublishedPosts } from '~/data/posts';
import { getServiceSupabase } from '~/data/service-client.server';
import { getServerSupabase } from '~/data/supabase.server';
import type { ConsultationActionData } from './action-data';
import { consultationAction, type ConsultationActionContext } from './action.server';
import { signFormStart } from './form-token.server';
import { aLeadForm } from '#tests/support/leads.ts';

const SUPABASE_URL = 'http://supabase.test';
const secret = 'a-form-secret-of-at-least-32-characters';
const renderedAt = Date.parse('2026-11-23T10:00:00.000Z');

interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

let requests: SentRequest[];
/** What the fake database answers an insert. */
let answer: () => Response;

beforeEach(() => {
  requests = [];
  answer = () => new Response(null, { status: 201 });
  vi.stubEnv('SUPABASE_URL', SUPABASE_URL);
  vi.stubEnv('SUPABASE_ANON_KEY', 'anon-key');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    requests.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    });
    if (request.method === 'GET') {
      return Response.json([], { headers: { 'content-range': '*/0' } });
    }
    return answer();
  });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.mocked(console.warn).mockRestore();
});

const inserts = () => requests.filter((request) => request.method === 'POST');

function context(secondsAfterRender = 10): ConsultationActionContext {
  return {
    client: getServerSupabase(),
    settings: { secret, minFillMs: 3000 },
    publicOrigin: 'https://nordiclead.se',
    now: renderedAt + secondsAfterRender * 1000,
  };
}

const person = aLeadForm({
  name: '  Anna Berg ',
  email: ' anna@example.se ',
  company_name: 'Bergs Rör AB',
  problems: 'We need more customers before the spring.',
  how_found_us: 'Friend Referral',
  additional_info: '',
});

const attribution = {
  utm_source: 'facebook',
  utm_medium: 'cpc',
  utm_campaign: 'spring',
  utm_term: '',
  utm_content: '',
  referrer: 'https://www.facebook.com/',
  landing_page: '/blog/tips?utm_source=facebook&utm_medium=cpc&utm_campaign=spring',
};

function post(
  fields: Record<string, string>,
  {
    path = '/book-call',
    address = '198.51.100.7',
    headers = {},
  }: { path?: string; address?: string; headers?: Record<string, string> } = {},
): Request {
  return new Request(`http://127.0.0.1:3000${path}`, {
    method: 'POST',
    headers: { 'x-forwarded-for': address, ...headers },
    body: new URLSearchParams(fields),
  });
}

/** The fields the form sends, with or without JavaScript: the values and its hidden fields. */
function form(changes: Record<string, string> = {}) {
  return {
    ...person,
    website: '',
    form_start: signFormStart(renderedAt, secret),
    ...attribution,
    ...changes,
  };
}

type DataAnswer = { data: ConsultationActionData; init: ResponseInit | null };

function asData(result: unknown): DataAnswer {
  expect(result).not.toBeInstanceOf(Response);
  return result as DataAnswer;
}

function expectRedirect(result: unknown, location: string) {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe(location);
}

describe('a person’s request', () => {
  it('is stored trimmed with its attribution, as the visitor’s address and browser, then 303 to thank-you', async () => {
    const result = await consultationAction(
      post(form(), { headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Safari/604.1' } }),
      context(),
    );

    expectRedirect(result, '/book-call/thank-you');
    expect(inserts()).toHaveLength(1);
    const [insert] = inserts();
    expect(insert!.url.href).toBe(`${SUPABASE_URL}/rest/v1/consultations`);
    expect(insert!.headers.get('x-forwarded-for')).toBe('198.51.100.7');
    // By which the database finds the visit the lead came from (its source, without a cookie).
    expect(insert!.headers.get('x-visitor-user-agent')).toBe('Mozilla/5.0 (iPhone) Safari/604.1');
    expect(insert!.body).toEqual({
      // A new lead's ID, made by the action (the page's script sends its own, see below).
      id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      name: 'Anna Berg',
      email: 'anna@example.se',
      phone_number: '070-123 45 67',
      company_name: 'Bergs Rör AB',
      problems: 'We need more customers before the spring.',
      how_found_us: 'Friend Referral',
      additional_info: null,
      language: 'english',
      created_at: new Date(renderedAt + 10_000).toISOString(),
      utm_source: 'facebook',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      referrer: 'https://www.facebook.com/',
      landing_page: '/blog/tips?utm_source=facebook&utm_medium=cpc&utm_campaign=spring',
    });
  });

  it('sends a Swedish request to the Swedish thank-you page and stores it as swedish', async () => {
    const result = await consultationAction(post(form(), { path: '/sv/book-call' }), context());
    expectRedirect(result, '/sv/book-call/thank-you');
    expect(inserts()[0]!.body).toMatchObject({ language: 'swedish' });
  });

  it('leaves the shared server client without the visitor’s address for later requests', async () => {
    await consultationAction(post(form()), context());
    await listPublishedPosts(getServerSupabase(), 'english');
    const read = requests.find((request) => request.method === 'GET')!;
    expect(read.url.pathname).toBe('/rest/v1/blog_posts');
    expect(read.headers.has('x-forwarded-for')).toBe(false);
  });

  it('cuts over-long attribution to the columns’ limits rather than losing the lead', async () => {
    await consultationAction(
      post(form({ utm_campaign: 'c'.repeat(1000), landing_page: `/?q=${'x'.repeat(5000)}` })),
      context(),
    );
    const body = inserts()[0]!.body as Record<string, string>;
    expect(body.utm_campaign).toHaveLength(300);
    expect(body.landing_page).toHaveLength(2048);
  });

  it('attributes a post without the hidden fields from its own address and Referer', async () => {
    const { utm_source: _s, utm_medium: _m, utm_campaign: _c, ...rest } = form();
    const bare = Object.fromEntries(
      Object.entries(rest).filter(
        ([name]) => !['utm_term', 'utm_content', 'referrer', 'landing_page'].includes(name),
      ),
    );
    await consultationAction(
      post(bare, {
        path: '/book-call?utm_source=newsletter&utm_medium=email',
        headers: { referer: 'https://mail.example.com/' },
      }),
      context(),
    );
    expect(inserts()[0]!.body).toMatchObject({
      utm_source: 'newsletter',
      utm_medium: 'email',
      referrer: 'https://mail.example.com/',
      landing_page: '/book-call?utm_source=newsletter&utm_medium=email',
    });
  });
});

describe('an ad click’s attribution cookie', () => {
  // Read only while the visitor allows marketing.
  const cookie = `cookie_consent=accepted; visit_attribution=${encodeURIComponent(
    JSON.stringify({ utm_source: 'google', utm_medium: 'cpc', landing_page: '/?gclid=Cj0K' }),
  )}`;

  it('attributes a lead whose fields name no campaign to the ad click the cookie holds', async () => {
    const direct = form({
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
      referrer: '',
      landing_page: '/book-call',
    });
    await consultationAction(post(direct, { headers: { cookie } }), context());
    expect(inserts()[0]!.body).toMatchObject({
      utm_source: 'google',
      utm_medium: 'cpc',
      landing_page: '/?gclid=Cj0K',
    });
  });

  it('leaves the campaign the form names as it is', async () => {
    await consultationAction(post(form(), { headers: { cookie } }), context());
    expect(inserts()[0]!.body).toMatchObject({ utm_source: 'facebook', utm_campaign: 'spring' });
  });
});

describe('Meta’s Lead event', () => {
  const meta = { pixel: true, conversionsApi: true };
  const leadId = '0b7a3c1e-5d2f-4a6b-9c8d-1e2f3a4b5c6d';
  const serviceClient = () => {
    vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', 'service-key');
    return getServiceSupabase('The test');
  };
  const leadInserts = () =>
    inserts().filter((request) => request.url.pathname === '/rest/v1/consultations');
  const eventInserts = () =>
    inserts().filter((request) => request.url.pathname === '/rest/v1/meta_lead_events');

  it('uses the script’s lead ID, sends it to the thank-you page and queues the event for a visitor who allows marketing', async () => {
    const result = await consultationAction(
      post(form({ lead_id: leadId }), {
        path: '/sv/book-call',
        headers: {
          cookie:
            'cookie_consent=marketing; _fbp=fb.1.1700000000000.123; _fbc=fb.1.1700000000000.abc',
          'user-agent': 'Mozilla/5.0 Test',
        },
        address: '203.0.113.7',
      }),
      { ...context(), meta, serviceClient },
    );

    expectRedirect(result, `/sv/book-call/thank-you?lead=${leadId}`);
    expect(inserts().map((request) => request.url.pathname)).toEqual([
      '/rest/v1/consultations',
      '/rest/v1/meta_lead_events',
    ]);
    expect(leadInserts()[0]!.body).toMatchObject({ id: leadId });
    expect(leadInserts()[0]!.body).not.toHaveProperty('meta_lead_event');
    const [event] = eventInserts();
    expect(event!.headers.get('authorization')).toBe('Bearer service-key');
    expect(event!.body).toEqual({
      consultation_id: leadId,
      event_source_url: 'https://nordiclead.se/sv/book-call',
      client_ip_address: '203.0.113.7',
      client_user_agent: 'Mozilla/5.0 Test',
      fbc: 'fb.1.1700000000000.abc',
      fbp: 'fb.1.1700000000000.123',
    });
  });

  it('takes the click ID from an ad click’s landing page when Meta’s cookie is missing', async () => {
    await consultationAction(
      post(form({ lead_id: leadId, landing_page: '/?fbclid=IwAR123' }), {
        headers: { cookie: 'cookie_consent=accepted' },
      }),
      { ...context(), meta, serviceClient },
    );
    expect(eventInserts()[0]!.body).toEqual({
      consultation_id: leadId,
      event_source_url: 'https://nordiclead.se/book-call',
      client_ip_address: '198.51.100.7',
      fbc: `fb.1.${renderedAt + 10_000}.IwAR123`,
    });
  });

  it('keeps the lead and logs the failure when the event cannot be queued', async () => {
    const failing = vi.mocked(console.error).mockImplementation(() => {});
    const queued = await consultationAction(
      post(form({ lead_id: leadId }), { headers: { cookie: 'cookie_consent=accepted' } }),
      { ...context(), meta },
    );
    expectRedirect(queued, `/book-call/thank-you?lead=${leadId}`);
    expect(leadInserts()).toHaveLength(1);
    expect(eventInserts()).toEqual([]);
    expect(failing).toHaveBeenCalledWith(
      `Could not queue the Meta Lead event of lead ${leadId}:`,
      expect.any(Error),
    );
  });

  it('queues nothing when the database did not store the lead', async () => {
    answer = () =>
      requests.at(-1)!.url.pathname === '/rest/v1/meta_lead_events'
        ? Response.json(
            {
              code: '23503',
              message: 'violates foreign key constraint',
              details: null,
              hint: null,
            },
            { status: 409 },
          )
        : new Response(null, { status: 201 });
    const result = await consultationAction(
      post(form({ lead_id: leadId }), { headers: { cookie: 'cookie_consent=accepted' } }),
      { ...context(), meta, serviceClient },
    );
    expectRedirect(result, `/book-call/thank-you?lead=${leadId}`);
    expect(eventInserts()).toHaveLength(1);
  });

  it('queues nothing for a visitor who has not allowed marketing, or without the Conversions API', async () => {
    await consultationAction(
      post(form({ lead_id: leadId }), { headers: { cookie: 'cookie_consent=analytics' } }),
      { ...context(), meta, serviceClient },
    );
    await consultationAction(
      post(form({ lead_id: leadId, email: 'b@example.se' }), {
        headers: { cookie: 'cookie_consent=accepted' },
      }),
      { ...context(), meta: { pixel: true, conversionsApi: false }, serviceClient },
    );
    expect(leadInserts()).toHaveLength(2);
    expect(eventInserts()).toEqual([]);
  });

  it('makes its own lead ID when the field is not a UUID', async () => {
    const result = await consultationAction(post(form({ lead_id: 'x' })), { ...context(), meta });
    const { id } = inserts()[0]!.body as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expectRedirect(result, `/book-call/thank-you?lead=${id}`);
  });
});

describe('a request that breaks a rule', () => {
  it('is refused with the messages and everything sent, even when sent at once', async () => {
    const fields = form({ email: 'anna@example', company_name: ' ' });
    const result = asData(await consultationAction(post(fields), context(0)));

    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({
      outcome: 'refused',
      errors: {
        email: 'Please enter a valid email address.',
        company_name: 'Company name is required.',
      },
      failure: null,
      contact: null,
      values: { ...person, email: 'anna@example', company_name: ' ' },
      formStart: fields.form_start,
      attribution: {
        utm_source: 'facebook',
        utm_medium: 'cpc',
        utm_campaign: 'spring',
        referrer: 'https://www.facebook.com/',
        landing_page: attribution.landing_page,
      },
    });
    expect(inserts()).toEqual([]);
  });

  it('is refused in Swedish on the Swedish page', async () => {
    const result = asData(
      await consultationAction(post({ name: 'Erik' }, { path: '/sv/book-call' }), context()),
    );
    expect(result.data).toMatchObject({
      errors: { email: 'E-postadress krävs', how_found_us: 'Vänligen välj hur du hittade oss' },
    });
  });
});

describe('a bot’s request', () => {
  it('with the honeypot filled gets the person’s success and stores nothing', async () => {
    for (const website of ['https://spam.example', ' x '])
      expectRedirect(
        await consultationAction(post(form({ website })), context()),
        '/book-call/thank-you',
      );
    expect(inserts()).toEqual([]);
    expect(console.warn).toHaveBeenCalledTimes(2);
    expect(vi.mocked(console.warn).mock.calls[0]![0]).toMatch(
      /198\.51\.100\.7 dropped as spam \(honeypot filled\)/,
    );
  });

  it('sent sooner than the minimum fill time gets the success and stores nothing', async () => {
    expectRedirect(
      await consultationAction(post(form(), { path: '/sv/book-call' }), context(2)),
      '/sv/book-call/thank-you',
    );
    expect(inserts()).toEqual([]);
    expect(vi.mocked(console.warn).mock.calls[0]![0]).toMatch(/start time too-fast/);
  });

  it('with a forged or missing start time gets the success and stores nothing', async () => {
    const forged = `${renderedAt - 3_600_000}.${signFormStart(renderedAt, secret).split('.')[1]}`;
    for (const form_start of [forged, ''])
      expectRedirect(
        await consultationAction(post(form({ form_start })), context()),
        '/book-call/thank-you',
      );
    expect(inserts()).toEqual([]);
    expect(vi.mocked(console.warn).mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringContaining('start time forged'),
      expect.stringContaining('start time missing'),
    ]);
  });
});

describe('a request the database refuses', () => {
  const tooMany = () =>
    Response.json(
      {
        code: 'PT429',
        message: 'Too many requests from your network. Please try again later.',
        details: null,
        hint: null,
      },
      { status: 429 },
    );

  const agencyContact = async () => ({ phone: '+46 8 123 45 67', email: 'hello@agency.example' });

  it('past every limit gets the clear English message and the agency’s phone and e-mail, the values kept', async () => {
    answer = tooMany;
    const result = asData(await consultationAction(post(form()), { ...context(), agencyContact }));
    expect(result.init?.status).toBe(429);
    expect(result.data).toMatchObject({
      outcome: 'refused',
      errors: {},
      failure:
        'Too many requests from your network right now. Everything you typed is still in the form: call or e-mail us instead, or try again later.',
      contact: { phone: '+46 8 123 45 67', email: 'hello@agency.example' },
      values: person,
    });
  });

  it('past every limit gets the Swedish message on the Swedish page', async () => {
    answer = tooMany;
    const result = asData(
      await consultationAction(post(form(), { path: '/sv/book-call' }), {
        ...context(),
        agencyContact,
      }),
    );
    expect(result.data).toMatchObject({
      failure:
        'För många förfrågningar från ditt nätverk just nu. Allt du har skrivit finns kvar i formuläret: ring eller mejla oss i stället, eller försök igen senare.',
      contact: { email: 'hello@agency.example' },
    });
  });

  it('past every limit still answers the message when the agency’s details cannot be read', async () => {
    answer = tooMany;
    const failing = async () => {
      throw new Error('settings unavailable');
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = asData(
      await consultationAction(post(form()), { ...context(), agencyContact: failing }),
    );
    expect(result.init?.status).toBe(429);
    expect(result.data).toMatchObject({ contact: null, values: person });
    expect(errors).toHaveBeenCalledWith(
      'Could not read the agency’s contact details:',
      expect.any(Error),
    );
  });

  it('for another reason shows the server’s message and logs the failure', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    answer = () =>
      Response.json(
        { code: '23514', message: 'new row violates check constraint "consultations_check"' },
        { status: 400 },
      );
    const result = asData(await consultationAction(post(form()), context()));
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({
      failure: 'new row violates check constraint "consultations_check"',
    });
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockClear();
  });

  it('when the database stays unreachable answers 502 with the reason, after trying again', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    answer = () => Response.json({ message: 'Database is restarting' }, { status: 503 });
    const result = asData(await consultationAction(post(form()), context()));
    // Tried three times, 1 and 2 s apart (submitConsultation), under the one id the lead was given.
    const tries = inserts().filter((request) => request.url.pathname === '/rest/v1/consultations');
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((request) => (request.body as { id: string }).id)).size).toBe(1);
    expect(result.init?.status).toBe(502);
    expect(result.data).toMatchObject({ failure: 'Database is restarting' });
    // One line without a stack; the same failure again within the minute is only counted.
    await consultationAction(post(form()), context());
    expect(logged.mock.calls).toEqual([
      [
        'Could not store a consultation request: the database is unavailable (Database is restarting).',
      ],
    ]);
    logged.mockClear();
  });
});
