// @vitest-environment jsdom
/* eslint-disable testing-library/no-node-access -- the form's markup is part of its contract with the site's script and the server: hidden honeypot, autofocus, aria-describedby ids, controls read as the browser would post them */
// The booking page as a visitor's browser gets it: the server's HTML (rendered here with
// renderToString), then the form's script (enhance-form.ts) on it. A stand-in for the page's
// action answers the script's request as the action does: a 303 when it stored the request, or
// the page rendered again with its refusal.
// Long because the page's HTML, its script and the visitor's steps are one contract, each case
// building on the same rendered page and stand-in server.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { captureVisitAttribution } from '~/visit/visit-attribution';
import type { Attribution } from '~/visit/attribution';
import type { ConsultationActionData } from './action-data';
import { BookCall } from './book-call';
import { REDIRECT_DELAY_MS } from './constants';
import { enhanceConsultationForm } from './enhance-form';
import { FORM_SELECTOR } from '~/ui/consultation-markup';
import { emptyConsultationValues, type ConsultationErrors } from './validation';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
  sessionStorage.clear();
});

type PagePath = '/book-call' | '/sv/book-call';

/** The action's message for a network past every limit, in each language. */
const LIMIT_EN =
  'Too many requests from your network right now. Everything you typed is still in the form: call or e-mail us instead, or try again later.';
const LIMIT_SV =
  'För många förfrågningar från ditt nätverk just nu. Allt du har skrivit finns kvar i formuläret: ring eller mejla oss i stället, eller försök igen senare.';
const FORM_START = '1795428000000.c2lnbmVkLWJ5LXRoZS1zZXJ2ZXItaW4tdGhpcy10ZXN0LW9ubHk';
const requestAttribution: Attribution = { landing_page: '/book-call?utm_source=loader' };

/** The page's HTML as the server renders it, with the action's refusal when there is one. */
function pageHtml(path: PagePath, serverState?: ConsultationActionData): string {
  const Stub = createRoutesStub([
    {
      path,
      Component: () => (
        <BookCall
          serverState={serverState}
          formStart={FORM_START}
          attribution={requestAttribution}
        />
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={[path]} />);
}

/** Opens the page without JavaScript: the server's HTML only. */
function openPage(path: PagePath, serverState?: ConsultationActionData): HTMLFormElement {
  window.history.replaceState(null, '', path);
  document.documentElement.lang = path.startsWith('/sv') ? 'sv' : 'en';
  document.body.innerHTML = pageHtml(path, serverState);
  return document.querySelector<HTMLFormElement>(FORM_SELECTOR)!;
}

/** What the action answers: a Response, or a thrown error for a connection that failed. */
type FakeServer = (fields: Record<string, string>, url: string) => Promise<Response> | Response;

/** Opens the page with its script running, the request answered by `server`. */
function openEnhancedPage(path: PagePath, server: FakeServer) {
  const form = openPage(path);
  const navigate = vi.fn<(path: string) => void>();
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    expect(init).toMatchObject({ method: 'POST', redirect: 'manual' });
    const body = init!.body as URLSearchParams;
    return server(Object.fromEntries(body), String(url));
  });
  enhanceConsultationForm(form, {
    fetch: fetch as typeof globalThis.fetch,
    navigate,
    attribution: captureVisitAttribution(window),
  });
  /** The fields of the `call`th request the script sent. */
  const fields = (call = 0) =>
    Object.fromEntries(fetch.mock.calls[call]![1]!.body as URLSearchParams);
  return { form, fetch, navigate, fields };
}

/** The action stored the request: 303 to the thank-you page. */
const stored = (path: PagePath) => () =>
  new Response(null, { status: 303, headers: { location: `${path}/thank-you` } });

/** The action refused the request: the page rendered again with the refusal. */
function refusedPage(
  path: PagePath,
  status: number,
  refusal: {
    errors?: ConsultationErrors;
    failure?: string;
    contact?: ConsultationActionData['contact'];
  },
): Response {
  const html = pageHtml(path, {
    outcome: 'refused',
    errors: refusal.errors ?? {},
    failure: refusal.failure ?? null,
    contact: refusal.contact ?? null,
    values: emptyConsultationValues(),
    formStart: FORM_START,
    attribution: requestAttribution,
  });
  return new Response(`<!DOCTYPE html><html><body>${html}</body></html>`, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
}

/** An action whose answer the test gives, once it has looked at the sending state. */
function controlledServer() {
  let settle: ((answer: Response) => void) | undefined;
  let fail: ((error: Error) => void) | undefined;
  const server: FakeServer = () =>
    new Promise<Response>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
  return {
    server,
    answer: async (answer: Response) => {
      settle!(answer);
      await settled();
    },
    crash: async (error: Error) => {
      fail!(error);
      await settled();
    },
  };
}

/** Lets the script read the answer (a few promise turns). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

const english = {
  name: () => screen.getByRole('textbox', { name: 'Name' }),
  email: () => screen.getByRole('textbox', { name: 'Email' }),
  phone: () => screen.getByRole('textbox', { name: 'Phone number' }),
  company: () => screen.getByRole('textbox', { name: 'Company name' }),
  problems: () => screen.getByRole('textbox', { name: 'What problems are you looking to solve?' }),
  howFoundUs: () => screen.getByRole('combobox', { name: 'How did you find us?' }),
  additionalInfo: () =>
    screen.getByRole('textbox', { name: 'Anything else we should know? (optional)' }),
  submit: () => screen.getByRole('button', { name: /Book My Free Strategy Call|Submitting/ }),
};

type User = ReturnType<typeof userEvent.setup>;

async function fillEnglish(user: User) {
  await user.type(english.name(), '  Anna Berg ');
  await user.type(english.email(), 'anna@example.se');
  await user.type(english.phone(), ' 070-123 45 67');
  await user.type(english.company(), 'Bergs Rör AB ');
  await user.type(english.problems(), '  We need more customers this spring. ');
  await user.selectOptions(english.howFoundUs(), 'Friend Referral');
}

const swedish = {
  name: () => screen.getByRole('textbox', { name: 'Namn' }),
  email: () => screen.getByRole('textbox', { name: 'E-postadress' }),
  phone: () => screen.getByRole('textbox', { name: 'Telefonnummer' }),
  company: () => screen.getByRole('textbox', { name: 'Företagsnamn' }),
  problems: () => screen.getByRole('textbox', { name: 'Vilka problem vill du lösa?' }),
  howFoundUs: () => screen.getByRole('combobox', { name: 'Hur hittade du oss?' }),
  submit: () => screen.getByRole('button', { name: /Boka mitt gratis strategisamtal|Skickar/ }),
};

async function fillSwedish(user: User) {
  await user.type(swedish.name(), 'Erik Ström');
  await user.type(swedish.email(), 'erik@example.se');
  await user.type(swedish.phone(), '08-123 456');
  await user.type(swedish.company(), 'Ströms Bygg');
  await user.type(swedish.problems(), 'Vi behöver fler kunder i Uppsala.');
  await user.selectOptions(swedish.howFoundUs(), 'Vänrekommendation');
}

/**
 * Opens `path` with its script, fills every field as a person would (then `change`), and presses
 * the button; the request waits for the test's answer.
 */
async function submitFilled(path: PagePath, change?: (user: User) => Promise<void>) {
  const user = userEvent.setup();
  const pending = controlledServer();
  const page = openEnhancedPage(path, pending.server);
  const swedishPage = path.startsWith('/sv');
  await (swedishPage ? fillSwedish(user) : fillEnglish(user));
  await change?.(user);
  await user.click((swedishPage ? swedish : english).submit());
  return { user, pending, page };
}

/** The text of the live region below the button (empty when there is nothing to say). */
const alertText = () => screen.getByRole('alert').textContent;

describe('the consultation form in English', () => {
  it('shows every rule’s message beside its field, focuses the first and sends nothing', async () => {
    const user = userEvent.setup();
    const page = openEnhancedPage('/book-call', stored('/book-call'));

    await user.click(english.submit());

    expect(page.fetch).not.toHaveBeenCalled();
    const expected: [HTMLElement, string][] = [
      [english.name(), 'Name is required.'],
      [english.email(), 'Email is required.'],
      [english.phone(), 'Phone number is required.'],
      [english.company(), 'Company name is required.'],
      [english.problems(), "Please describe the problems you're looking to solve."],
      [english.howFoundUs(), 'Please select how you found us.'],
    ];
    for (const [control, message] of expected) {
      expect(control.getAttribute('aria-invalid')).toBe('true');
      const describedBy = control.getAttribute('aria-describedby')!.split(' ');
      const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
      expect(texts).toContain(message);
    }
    expect(english.additionalInfo().getAttribute('aria-invalid')).toBeNull();
    expect(english.additionalInfo().getAttribute('aria-describedby')).toBeNull();
    expect(english.name()).toHaveFocus();
  });

  it('moves focus to the first invalid field in page order', async () => {
    const user = userEvent.setup();
    const page = openEnhancedPage('/book-call', stored('/book-call'));
    await fillEnglish(user);
    await user.clear(english.email());
    await user.type(english.email(), 'anna@example');
    await user.clear(english.problems());
    await user.type(english.problems(), 'Too short');

    await user.click(english.submit());

    expect(screen.getByText('Please enter a valid email address.')).toBeVisible();
    expect(screen.getByText('Please provide at least 20 characters.')).toBeVisible();
    expect(screen.queryByText('Name is required.')).toBeNull();
    expect(english.email()).toHaveFocus();
    expect(page.fetch).not.toHaveBeenCalled();
  });

  it('clears a field’s error when that field is edited, and only that one', async () => {
    const user = userEvent.setup();
    openEnhancedPage('/book-call', stored('/book-call'));
    await user.click(english.submit());

    await user.type(english.name(), 'A');
    expect(screen.queryByText('Name is required.')).toBeNull();
    expect(english.name().getAttribute('aria-invalid')).toBeNull();
    expect(english.name().getAttribute('aria-describedby')).toBeNull();
    expect(screen.getByText('Email is required.')).toBeVisible();

    await user.selectOptions(english.howFoundUs(), 'Google');
    expect(screen.queryByText('Please select how you found us.')).toBeNull();
    expect(screen.getByText('Company name is required.')).toBeVisible();

    await user.type(english.problems(), 'x');
    expect(english.problems().getAttribute('aria-describedby')).toBe(
      'consultation-problems-counter',
    );
  });

  it('counts the trimmed characters of problems under the field', async () => {
    const user = userEvent.setup();
    openEnhancedPage('/book-call', stored('/book-call'));
    expect(screen.getByText('Minimum 20 characters (0/20)')).toBeVisible();
    await user.type(english.problems(), '  Leads ');
    const counter = screen.getByText('Minimum 20 characters (5/20)');
    expect(counter.dataset.met).toBe('false');
    expect(english.problems().getAttribute('rows')).toBe('4');
    expect(english.problems().getAttribute('aria-describedby')).toContain(counter.id);
    await user.type(english.problems(), ' and more leads, please');
    expect(screen.getByText('Minimum 20 characters (29/20)').dataset.met).toBe('true');
  });

  it('counts text typed before the script ran', () => {
    const form = openPage('/book-call');
    (form.elements.namedItem('problems') as HTMLTextAreaElement).value = 'Typed early';
    enhanceConsultationForm(form, {
      fetch: vi.fn(),
      navigate: vi.fn(),
      attribution: {},
    });
    expect(screen.getByText('Minimum 20 characters (11/20)')).toBeVisible();
  });

  it('posts the values as typed with the hidden fields to the page’s own address', async () => {
    const { pending, page } = await submitFilled('/book-call');

    expect(page.fetch).toHaveBeenCalledTimes(1);
    expect(String(page.fetch.mock.calls[0]![0])).toBe(`${window.location.origin}/book-call`);
    // The same fields, in the same encoding, as the form sends without JavaScript.
    expect(page.fetch.mock.calls[0]![1]!.body).toBeInstanceOf(URLSearchParams);
    expect(page.fields()).toEqual({
      name: '  Anna Berg ',
      email: 'anna@example.se',
      phone_number: ' 070-123 45 67',
      company_name: 'Bergs Rör AB ',
      problems: '  We need more customers this spring. ',
      how_found_us: 'Friend Referral',
      additional_info: '',
      website: '',
      form_start: FORM_START,
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
      utm_term: '',
      utm_content: '',
      referrer: '',
      // jsdom's page is the visit's first: the browser's record replaces the loader's.
      landing_page: '/book-call',
      // The lead's ID, made here so the thank-you page's pixel knows it.
      lead_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    await pending.answer(stored('/book-call')());
  });

  it('sends the attribution of the visit’s first page, recorded earlier in the tab', async () => {
    // Kept in the tab only for a visitor who allowed marketing.
    document.cookie = 'cookie_consent=marketing';
    onTestFinished(() => void (document.cookie = 'cookie_consent=; max-age=0'));
    sessionStorage.setItem(
      'visit-attribution',
      JSON.stringify({
        utm_source: 'linkedin',
        utm_campaign: 'autumn',
        referrer: 'https://www.linkedin.com/',
        landing_page: '/blog/tips?utm_source=linkedin&utm_campaign=autumn',
      }),
    );
    const { pending, page } = await submitFilled('/book-call');

    expect(page.fields()).toMatchObject({
      utm_source: 'linkedin',
      utm_medium: '',
      utm_campaign: 'autumn',
      referrer: 'https://www.linkedin.com/',
      landing_page: '/blog/tips?utm_source=linkedin&utm_campaign=autumn',
    });
    await pending.answer(stored('/book-call')());
  });

  it('accepts an email with spaces around it, as a phone keyboard leaves it', async () => {
    const { pending, page } = await submitFilled('/book-call', async (user) => {
      await user.clear(english.email());
      await user.type(english.email(), ' anna@example.se ');
    });

    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();
    expect(page.fields().email).toBe(' anna@example.se ');
    await pending.answer(stored('/book-call')());
  });

  it('disables the button and shows Submitting... while sending', async () => {
    const { pending, page } = await submitFilled('/book-call');

    const button = screen.getByRole('button', { name: 'Submitting...' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.querySelector('.consultation-form__spinner')?.getAttribute('aria-hidden')).toBe(
      'true',
    );
    expect(page.form.getAttribute('aria-busy')).toBe('true');
    // A second submit while sending (Enter in a field) does not send again.
    fireEvent.submit(page.form);
    expect(page.fetch).toHaveBeenCalledTimes(1);
    await pending.answer(stored('/book-call')());
  });

  it('shows the server’s message below the form, keeps everything typed and re-enables the button', async () => {
    const { pending, page } = await submitFilled('/book-call', (user) =>
      user.type(english.additionalInfo(), 'Mornings are best'),
    );

    await pending.answer(
      refusedPage('/book-call', 400, { failure: 'new row violates check constraint' }),
    );

    expect(alertText()).toBe('Failed to submit: new row violates check constraint');
    const alert = screen.getByRole('alert');
    expect(page.form.contains(alert)).toBe(true);
    expect(english.submit().compareDocumentPosition(alert)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(english.name()).toHaveProperty('value', '  Anna Berg ');
    expect(english.email()).toHaveProperty('value', 'anna@example.se');
    expect(english.phone()).toHaveProperty('value', ' 070-123 45 67');
    expect(english.company()).toHaveProperty('value', 'Bergs Rör AB ');
    expect(english.problems()).toHaveProperty('value', '  We need more customers this spring. ');
    expect(english.howFoundUs()).toHaveProperty('value', 'Friend Referral');
    expect(english.additionalInfo()).toHaveProperty('value', 'Mornings are best');
    const button = screen.getByRole('button', { name: 'Book My Free Strategy Call' });
    expect(button).toHaveProperty('disabled', false);
    expect(page.form.getAttribute('aria-busy')).toBe('false');
  });

  it('shows the localized limit message the action answers with 429, with the agency’s phone and e-mail and focus on it, and sends again when pressed', async () => {
    const { user, pending, page } = await submitFilled('/book-call');

    await pending.answer(
      refusedPage('/book-call', 429, {
        failure: LIMIT_EN,
        contact: { phone: '+46 8 123 45 67', email: 'hello@agency.example' },
      }),
    );
    expect(alertText()).toBe(`Failed to submit: ${LIMIT_EN}`);
    expect(screen.getByRole('link', { name: '+46 8 123 45 67' })).toHaveAttribute(
      'href',
      'tel:+4681234567',
    );
    expect(screen.getByRole('link', { name: 'hello@agency.example' })).toHaveAttribute(
      'href',
      'mailto:hello@agency.example',
    );
    expect(screen.getByRole('alert').parentElement).toHaveFocus();
    expect(english.name()).toHaveProperty('value', '  Anna Berg ');

    await user.click(english.submit());
    expect(alertText()).toBe('');
    expect(page.fetch).toHaveBeenCalledTimes(2);
    await pending.answer(stored('/book-call')());
    expect(screen.getByRole('heading', { name: 'Thank You for Your Interest!' })).toBeVisible();
  });

  it('shows the reason when the server cannot be reached, with the form kept', async () => {
    const { pending } = await submitFilled('/book-call');

    await pending.crash(new TypeError('Failed to fetch'));

    expect(alertText()).toBe('Failed to submit: Failed to fetch');
    expect(english.name()).toHaveProperty('value', '  Anna Berg ');
    expect(screen.getByRole('button', { name: 'Book My Free Strategy Call' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('names the status when the answer is not the form’s page', async () => {
    const { pending } = await submitFilled('/book-call');

    await pending.answer(
      new Response('<html><body><h1>Bad gateway</h1></body></html>', {
        status: 502,
        statusText: 'Bad Gateway',
      }),
    );

    expect(alertText()).toBe('Failed to submit: 502 Bad Gateway');
    expect(english.name()).toHaveProperty('value', '  Anna Berg ');
  });

  it('shows the rules the action refused beside their fields, focusing the first', async () => {
    const { pending } = await submitFilled('/book-call');

    await pending.answer(
      refusedPage('/book-call', 400, { errors: { company_name: 'Company name is required.' } }),
    );

    expect(english.company().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Company name is required.')).toBeVisible();
    expect(english.company()).toHaveFocus();
    expect(alertText()).toBe('');
    // What was typed stays; the server's copy of the form is not put in its place.
    expect(english.company()).toHaveProperty('value', 'Bergs Rör AB ');
  });

  it('replaces the form with the thank-you panel, then goes to the thank-you page after 2000 ms', async () => {
    const user = userEvent.setup();
    const page = openEnhancedPage('/book-call', stored('/book-call'));
    await fillEnglish(user);
    // From here the clock is fake; user-event's own waits would need a real one, so click directly.
    vi.useFakeTimers();
    fireEvent.click(english.submit());
    await vi.advanceTimersByTimeAsync(0);

    const heading = screen.getByRole('heading', { name: 'Thank You for Your Interest!' });
    expect(heading).toHaveFocus();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('heading', { name: 'What happens next?' })).toBeVisible();
    const panel = heading.closest('section')!;
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    expect(within(panel).getByRole('status').textContent).toBe('Taking you to the next page…');
    expect(within(panel).getByRole('link', { name: 'Return to Homepage' })).toHaveProperty(
      'pathname',
      '/',
    );

    await vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS - 1);
    expect(page.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(page.navigate).toHaveBeenCalledExactlyOnceWith('/book-call/thank-you');
    expect(REDIRECT_DELAY_MS).toBe(2000);
  });
});

describe('the consultation form in Swedish', () => {
  it('shows the Swedish messages without periods and sends nothing', async () => {
    const user = userEvent.setup();
    const page = openEnhancedPage('/sv/book-call', stored('/sv/book-call'));
    await user.type(swedish.email(), 'erik@example');
    await user.type(swedish.problems(), 'För kort');

    await user.click(swedish.submit());

    for (const message of [
      'Namn krävs',
      'Vänligen ange en giltig e-postadress',
      'Telefonnummer krävs',
      'Företagsnamn krävs',
      'Vänligen ange minst 20 tecken',
      'Vänligen välj hur du hittade oss',
    ])
      expect(screen.getByText(message)).toBeVisible();
    await user.clear(swedish.email());
    await user.click(swedish.submit());
    expect(screen.getByText('E-postadress krävs')).toBeVisible();
    await user.clear(swedish.problems());
    await user.click(swedish.submit());
    expect(screen.getByText('Vänligen beskriv de problem du vill lösa')).toBeVisible();
    expect(page.fetch).not.toHaveBeenCalled();
  });

  it('counts in Swedish and shows Friend Referral as Vänrekommendation', async () => {
    const user = userEvent.setup();
    openEnhancedPage('/sv/book-call', stored('/sv/book-call'));
    await user.type(swedish.problems(), 'Hej');
    expect(screen.getByText('Minimum 20 tecken (3/20)')).toBeVisible();
    const option = within(swedish.howFoundUs()).getByRole('option', { name: 'Vänrekommendation' });
    expect(option).toHaveProperty('value', 'Friend Referral');
  });

  it('shows Skickar..., then the Swedish failure message with the values kept', async () => {
    const { pending, page } = await submitFilled('/sv/book-call');
    expect(screen.getByRole('button', { name: 'Skickar...' })).toHaveProperty('disabled', true);
    expect(page.fields()).toMatchObject({ how_found_us: 'Friend Referral' });
    expect(String(page.fetch.mock.calls[0]![0])).toBe(`${window.location.origin}/sv/book-call`);

    await pending.answer(
      refusedPage('/sv/book-call', 429, {
        failure: LIMIT_SV,
        contact: { phone: null, email: 'hej@byra.example' },
      }),
    );
    expect(alertText()).toBe(`Misslyckades att skicka: ${LIMIT_SV}`);
    // Without a phone in the settings, the e-mail alone.
    const email = screen.getByRole('link', { name: 'hej@byra.example' });
    expect(email).toHaveAttribute('href', 'mailto:hej@byra.example');
    expect(email.parentElement).toHaveTextContent(/^E-post hej@byra\.example$/);
    expect(screen.getByRole('alert').parentElement).toHaveFocus();
    expect(swedish.name()).toHaveProperty('value', 'Erik Ström');
    expect(swedish.howFoundUs()).toHaveProperty('value', 'Friend Referral');
    expect(screen.getByRole('button', { name: 'Boka mitt gratis strategisamtal' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('words a connection failure in Swedish', async () => {
    const { pending } = await submitFilled('/sv/book-call');

    await pending.crash(new TypeError('Failed to fetch'));

    expect(alertText()).toBe('Misslyckades att skicka: Failed to fetch');
  });

  it('shows Tack för ditt intresse! and goes to /sv/book-call/thank-you after 2000 ms', async () => {
    const user = userEvent.setup();
    const page = openEnhancedPage('/sv/book-call', stored('/sv/book-call'));
    await fillSwedish(user);
    vi.useFakeTimers();
    fireEvent.click(swedish.submit());
    await vi.advanceTimersByTimeAsync(0);

    const heading = screen.getByRole('heading', { name: 'Tack för ditt intresse!' });
    expect(heading).toHaveFocus();
    const panel = heading.closest('section')!;
    expect(within(panel).getByRole('link', { name: 'Tillbaka till startsidan' })).toHaveProperty(
      'pathname',
      '/sv',
    );
    await vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS);
    expect(page.navigate).toHaveBeenCalledExactlyOnceWith('/sv/book-call/thank-you');
  });
});

describe('the consultation page', () => {
  it('opens with the newsletter welcome, then the heading, the form, the trust panel and links', () => {
    openPage('/sv/book-call');
    const welcome = screen.getByRole('region', { name: 'Välkommen till vårt nyhetsbrev!' });
    expect(
      within(welcome)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Marknadsföringstips varje vecka',
      'De senaste marknadsföringsnyheterna',
      'Exklusiva erbjudanden och insikter',
    ]);
    const heading = screen.getByRole('heading', {
      level: 1,
      name: 'Vill du veta vad vi kan göra för dig?',
    });
    expect(welcome.compareDocumentPosition(heading)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    const trust = screen.getByRole('complementary', { name: 'Varför boka ett samtal med oss?' });
    expect(trust.textContent).toContain('100 % säkert och konfidentiellt');
    expect(trust.textContent).toContain('Svar inom 24 timmar');
    expect(trust.textContent).toContain('inom 30 dagar');
    expect(screen.getByRole('link', { name: 'integritetspolicy' })).toHaveProperty(
      'pathname',
      '/sv/privacy-policy',
    );
    expect(screen.getByText(/Vi skickar aldrig skräppost/)).toBeVisible();
    expect(screen.getByRole('link', { name: /Tillbaka till startsidan/ })).toHaveProperty(
      'pathname',
      '/sv',
    );
    const toggle = screen.getByRole('navigation', { name: 'Sidans språk' });
    expect(within(toggle).getByRole('link', { name: 'EN' })).toHaveProperty(
      'pathname',
      '/book-call',
    );
    // The thank-you panel waits, inert, in a template: nothing of it shows or is read out.
    expect(screen.queryByRole('heading', { name: 'Tack för ditt intresse!' })).toBeNull();
  });

  it('gives every control a label and a name equal to its column', () => {
    const form = openPage('/book-call');
    expect(screen.getByRole('form', { name: 'Consultation request' })).toBe(form);
    expect(form.getAttribute('method')).toBe('post');
    // No action attribute: without JavaScript the form posts to the page's own address, UTM
    // parameters included.
    expect(form.hasAttribute('action')).toBe(false);
    const visible = [...form.querySelectorAll('input, select, textarea')].filter(
      (control) => control.getAttribute('type') !== 'hidden' && !control.closest('[aria-hidden]'),
    );
    const names = visible.map((control) => {
      expect((control as HTMLInputElement).labels?.length).toBe(1);
      return control.getAttribute('name');
    });
    expect(names).toEqual([
      'name',
      'email',
      'phone_number',
      'company_name',
      'problems',
      'how_found_us',
      'additional_info',
    ]);
    expect(english.name().getAttribute('maxlength')).toBe('200');
    expect(english.problems().getAttribute('maxlength')).toBe('5000');
    // A fresh form names no error and says nothing below the button.
    expect(form.querySelectorAll('[aria-invalid]')).toHaveLength(0);
    expect(alertText()).toBe('');
  });

  it('hides the honeypot from people: off screen, out of the tab order and the accessibility tree', () => {
    openPage('/sv/book-call');
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.type).toBe('text');
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.value).toBe('');
    expect(trap.closest('.consultation-form__trap')!.getAttribute('aria-hidden')).toBe('true');
    expect(trap.labels![0]!.textContent).toBe('Webbplats');
    expect(screen.queryByRole('textbox', { name: 'Webbplats' })).toBeNull();
  });

  it('renders on the server the signed start time, the request’s attribution and where it leads', () => {
    const html = pageHtml('/book-call');
    expect(html).toContain(`name="form_start" value="${FORM_START}"`);
    expect(html).toContain('name="landing_page" value="/book-call?utm_source=loader"');
    expect(html).toContain('name="utm_source" value=""');
    expect(html).toContain('data-thank-you="/book-call/thank-you"');
    expect(pageHtml('/sv/book-call')).toContain('data-thank-you="/sv/book-call/thank-you"');
  });

  it('shows the action’s answer to a request sent without JavaScript', () => {
    openPage('/book-call', {
      outcome: 'refused',
      values: {
        name: 'Anna',
        email: 'anna@',
        phone_number: '070',
        company_name: '',
        problems: 'Short',
        how_found_us: 'Google',
        additional_info: 'Hi',
      },
      errors: {
        email: 'Please enter a valid email address.',
        company_name: 'Company name is required.',
      },
      failure: null,
      contact: null,
      formStart: '1795427000000.the-first-start-time-stands-after-a-refusal-xxxxx',
      attribution: { utm_source: 'google', landing_page: '/?utm_source=google' },
    });
    expect(english.email()).toHaveProperty('value', 'anna@');
    expect(english.problems()).toHaveProperty('value', 'Short');
    expect(english.howFoundUs()).toHaveProperty('value', 'Google');
    expect(english.email().getAttribute('aria-invalid')).toBe('true');
    expect(english.email().getAttribute('aria-describedby')).toBe('consultation-email-error');
    expect(screen.getByText('Company name is required.')).toBeVisible();
    expect(screen.getByText('Minimum 20 characters (5/20)')).toBeVisible();
    // The browser focuses the first refused field itself.
    expect(english.email().hasAttribute('autofocus')).toBe(true);
    expect(document.querySelectorAll('[autofocus]')).toHaveLength(1);
    const hidden = (name: string) =>
      document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!.value;
    expect(hidden('form_start')).toBe(
      '1795427000000.the-first-start-time-stands-after-a-refusal-xxxxx',
    );
    expect(hidden('utm_source')).toBe('google');
  });

  it('shows the action’s database failure below the form', () => {
    openPage('/sv/book-call', {
      outcome: 'refused',
      values: {
        name: 'Erik',
        email: 'erik@example.se',
        phone_number: '08-1',
        company_name: 'Ströms',
        problems: 'Vi behöver fler kunder i Uppsala.',
        how_found_us: 'Facebook',
        additional_info: '',
      },
      errors: {},
      failure: 'permission denied for table consultations',
      contact: null,
      formStart: FORM_START,
      attribution: {},
    });
    expect(alertText()).toBe('Misslyckades att skicka: permission denied for table consultations');
    expect(screen.getByRole('textbox', { name: 'Namn' })).toHaveProperty('value', 'Erik');
    // The browser focuses the message itself: no field explains the failure.
    expect(screen.getByRole('alert').parentElement).toHaveAttribute('autofocus');
    expect(document.querySelectorAll('[autofocus]')).toHaveLength(1);
  });
});
