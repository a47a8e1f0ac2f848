// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Attribution } from '~/visit/attribution';
import { consultationClientAction, type ConsultationActionData } from './action-data';
import { BookCall } from './book-call';
import { REDIRECT_DELAY_MS } from './constants';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  sessionStorage.clear();
});

function ThankYouStub() {
  return <p>Arrived at {useLocation().pathname}</p>;
}

/** Stands in for the server's action: receives the posted fields, answers like the action. */
type FakeAction = (fields: FormData) => Promise<ConsultationActionData> | ConsultationActionData;

const FORM_START = '1795428000000.c2lnbmVkLWJ5LXRoZS1zZXJ2ZXItaW4tdGhpcy10ZXN0LW9ubHk';
const requestAttribution: Attribution = { landing_page: '/book-call?utm_source=loader' };

function routes(action: FakeAction, serverState?: ConsultationActionData) {
  const page = () => (
    <BookCall serverState={serverState} formStart={FORM_START} attribution={requestAttribution} />
  );
  // As on the page: the browser's clientAction wraps the server's action.
  const routeAction = ({ request }: { request: Request }) =>
    consultationClientAction(async () => action(await request.formData()));
  return createRoutesStub([
    { path: '/book-call', Component: page, action: routeAction },
    { path: '/sv/book-call', Component: page, action: routeAction },
    { path: '/book-call/thank-you', Component: ThankYouStub },
    { path: '/sv/book-call/thank-you', Component: ThankYouStub },
  ]);
}

function renderPage(
  path: '/book-call' | '/sv/book-call',
  action: FakeAction,
  serverState?: ConsultationActionData,
) {
  const Stub = routes(action, serverState);
  return render(<Stub initialEntries={[path]} />);
}

const sent = (): ConsultationActionData => ({ outcome: 'sent' });
const failed = (failure: string): ConsultationActionData => ({
  outcome: 'refused',
  errors: {},
  failure,
});

/** An action whose answer the test gives, once it has looked at the sending state. */
function controlledAction() {
  let settle: ((answer: ConsultationActionData) => void) | undefined;
  let fail: ((error: Error) => void) | undefined;
  const action = vi.fn<FakeAction>(
    () =>
      new Promise<ConsultationActionData>((resolve, reject) => {
        settle = resolve;
        fail = reject;
      }),
  );
  return {
    action,
    answer: (answer: ConsultationActionData) => settle!(answer),
    crash: (error: Error) => fail!(error),
    fields: (call = 0) => Object.fromEntries(action.mock.calls[call]![0]),
  };
}

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

describe('the consultation form in English', () => {
  it('shows every rule’s message beside its field, focuses the first and sends nothing', async () => {
    const user = userEvent.setup();
    const action = vi.fn<FakeAction>(sent);
    renderPage('/book-call', action);

    await user.click(english.submit());

    expect(action).not.toHaveBeenCalled();
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
    expect(document.activeElement).toBe(english.name());
  });

  it('moves focus to the first invalid field in page order', async () => {
    const user = userEvent.setup();
    const action = vi.fn<FakeAction>(sent);
    renderPage('/book-call', action);
    await fillEnglish(user);
    await user.clear(english.email());
    await user.type(english.email(), 'anna@example');
    await user.clear(english.problems());
    await user.type(english.problems(), 'Too short');

    await user.click(english.submit());

    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Please provide at least 20 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(english.email());
    expect(action).not.toHaveBeenCalled();
  });

  it('clears a field’s error when that field is edited, and only that one', async () => {
    const user = userEvent.setup();
    renderPage('/book-call', vi.fn<FakeAction>(sent));
    await user.click(english.submit());

    await user.type(english.name(), 'A');
    expect(screen.queryByText('Name is required.')).toBeNull();
    expect(english.name().getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Email is required.')).toBeTruthy();

    await user.selectOptions(english.howFoundUs(), 'Google');
    expect(screen.queryByText('Please select how you found us.')).toBeNull();
    expect(screen.getByText('Company name is required.')).toBeTruthy();
  });

  it('counts the trimmed characters of problems under the field', async () => {
    const user = userEvent.setup();
    renderPage('/book-call', vi.fn<FakeAction>(sent));
    expect(screen.getByText('Minimum 20 characters (0/20)')).toBeTruthy();
    await user.type(english.problems(), '  Leads ');
    expect(screen.getByText('Minimum 20 characters (5/20)')).toBeTruthy();
    expect(english.problems().getAttribute('rows')).toBe('4');
    expect(english.problems().getAttribute('aria-describedby')).toContain(
      screen.getByText('Minimum 20 characters (5/20)').id,
    );
  });

  it('posts the values as typed with the hidden fields to the page’s action, marked as hydrated', async () => {
    const user = userEvent.setup();
    const pending = controlledAction();
    renderPage('/book-call', pending.action);
    await fillEnglish(user);

    await user.click(english.submit());

    expect(pending.action).toHaveBeenCalledTimes(1);
    expect(pending.fields()).toEqual({
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
      landing_page: '/',
      enhanced: '1',
    });
    await act(async () => pending.answer(sent()));
  });

  it('sends the attribution of the visit’s first page, recorded earlier in the tab', async () => {
    sessionStorage.setItem(
      'visit-attribution',
      JSON.stringify({
        utm_source: 'linkedin',
        utm_campaign: 'autumn',
        referrer: 'https://www.linkedin.com/',
        landing_page: '/blog/tips?utm_source=linkedin&utm_campaign=autumn',
      }),
    );
    const user = userEvent.setup();
    const pending = controlledAction();
    renderPage('/book-call', pending.action);
    await fillEnglish(user);

    await user.click(english.submit());

    expect(pending.fields()).toMatchObject({
      utm_source: 'linkedin',
      utm_medium: '',
      utm_campaign: 'autumn',
      referrer: 'https://www.linkedin.com/',
      landing_page: '/blog/tips?utm_source=linkedin&utm_campaign=autumn',
    });
    await act(async () => pending.answer(sent()));
  });

  it('accepts an email with spaces around it, as a phone keyboard leaves it', async () => {
    const user = userEvent.setup();
    const pending = controlledAction();
    renderPage('/book-call', pending.action);
    await fillEnglish(user);
    await user.clear(english.email());
    await user.type(english.email(), ' anna@example.se ');

    await user.click(english.submit());

    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();
    expect(pending.fields().email).toBe(' anna@example.se ');
    await act(async () => pending.answer(sent()));
  });

  it('disables the button and shows Submitting... while sending', async () => {
    const user = userEvent.setup();
    const pending = controlledAction();
    renderPage('/book-call', pending.action);
    await fillEnglish(user);

    await user.click(english.submit());

    const button = screen.getByRole('button', { name: 'Submitting...' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.querySelector('.consultation-form__spinner')).not.toBeNull();
    // A second press while sending does not send again.
    await user.click(button);
    expect(pending.action).toHaveBeenCalledTimes(1);
    await act(async () => pending.answer(sent()));
  });

  it('shows the server’s message below the form, keeps everything typed and re-enables the button', async () => {
    const user = userEvent.setup();
    const pending = controlledAction();
    renderPage('/book-call', pending.action);
    await fillEnglish(user);
    await user.type(english.additionalInfo(), 'Mornings are best');
    await user.click(english.submit());

    await act(async () => pending.answer(failed('new row violates check constraint')));

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Failed to submit: new row violates check constraint');
    const form = screen.getByRole('form', { name: 'Consultation request' });
    expect(form.contains(alert)).toBe(true);
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
  });

  it('shows the localized limit message the action answers with 429, and sends again when pressed', async () => {
    const user = userEvent.setup();
    const pending = controlledAction();
    renderPage('/book-call', pending.action);
    await fillEnglish(user);
    await user.click(english.submit());

    await act(async () =>
      pending.answer(failed('Too many requests from your network. Please try again later.')),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to submit: Too many requests from your network. Please try again later.',
    );

    await user.click(english.submit());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(pending.action).toHaveBeenCalledTimes(2);
    await act(async () => pending.answer(sent()));
    expect(screen.getByRole('heading', { name: 'Thank You for Your Interest!' })).toBeTruthy();
  });

  it('shows the reason when the server cannot be reached, with the form kept', async () => {
    const user = userEvent.setup();
    const pending = controlledAction();
    renderPage('/book-call', pending.action);
    await fillEnglish(user);
    await user.click(english.submit());

    await act(async () => pending.crash(new TypeError('Failed to fetch')));

    expect(screen.getByRole('alert').textContent).toBe('Failed to submit: Failed to fetch');
    expect(english.name()).toHaveProperty('value', '  Anna Berg ');
    expect(screen.getByRole('button', { name: 'Book My Free Strategy Call' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('shows the rules the action refused beside their fields, focusing the first', async () => {
    const user = userEvent.setup();
    const pending = controlledAction();
    renderPage('/book-call', pending.action);
    await fillEnglish(user);
    await user.click(english.submit());

    await act(async () =>
      pending.answer({
        outcome: 'refused',
        errors: { company_name: 'Company name is required.' },
        failure: null,
      }),
    );

    expect(english.company().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Company name is required.')).toBeTruthy();
    expect(document.activeElement).toBe(english.company());
  });

  it('replaces the form with the thank-you panel, then goes to the thank-you page after 2000 ms', async () => {
    const user = userEvent.setup();
    renderPage('/book-call', sent);
    await fillEnglish(user);
    // From here the clock is fake; user-event's own waits would need a real one, so click directly.
    vi.useFakeTimers();
    await act(async () => fireEvent.click(english.submit()));

    const heading = screen.getByRole('heading', { name: 'Thank You for Your Interest!' });
    expect(document.activeElement).toBe(heading);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('heading', { name: 'What happens next?' })).toBeTruthy();
    const panel = heading.closest('section')!;
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    expect(within(panel).getByRole('link', { name: 'Return to Homepage' })).toHaveProperty(
      'pathname',
      '/',
    );

    await act(async () => vi.advanceTimersByTime(REDIRECT_DELAY_MS - 1));
    expect(screen.queryByText(/Arrived at/)).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByText('Arrived at /book-call/thank-you')).toBeTruthy();
    expect(REDIRECT_DELAY_MS).toBe(2000);
  });
});

describe('the consultation form in Swedish', () => {
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

  it('shows the Swedish messages without periods and sends nothing', async () => {
    const user = userEvent.setup();
    const action = vi.fn<FakeAction>(sent);
    renderPage('/sv/book-call', action);
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
      expect(screen.getByText(message)).toBeTruthy();
    await user.clear(swedish.email());
    await user.click(swedish.submit());
    expect(screen.getByText('E-postadress krävs')).toBeTruthy();
    await user.clear(swedish.problems());
    await user.click(swedish.submit());
    expect(screen.getByText('Vänligen beskriv de problem du vill lösa')).toBeTruthy();
    expect(action).not.toHaveBeenCalled();
  });

  it('counts in Swedish and shows Friend Referral as Vänrekommendation', async () => {
    const user = userEvent.setup();
    renderPage('/sv/book-call', vi.fn<FakeAction>(sent));
    await user.type(swedish.problems(), 'Hej');
    expect(screen.getByText('Minimum 20 tecken (3/20)')).toBeTruthy();
    const option = within(swedish.howFoundUs()).getByRole('option', { name: 'Vänrekommendation' });
    expect(option).toHaveProperty('value', 'Friend Referral');
  });

  it('shows Skickar..., then the Swedish failure message with the values kept', async () => {
    const user = userEvent.setup();
    const pending = controlledAction();
    renderPage('/sv/book-call', pending.action);
    await fillSwedish(user);

    await user.click(swedish.submit());
    expect(screen.getByRole('button', { name: 'Skickar...' })).toHaveProperty('disabled', true);
    expect(pending.fields()).toMatchObject({ how_found_us: 'Friend Referral', enhanced: '1' });

    await act(async () =>
      pending.answer(failed('För många förfrågningar från ditt nätverk. Försök igen senare.')),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Misslyckades att skicka: För många förfrågningar från ditt nätverk. Försök igen senare.',
    );
    expect(swedish.name()).toHaveProperty('value', 'Erik Ström');
    expect(swedish.howFoundUs()).toHaveProperty('value', 'Friend Referral');
    expect(screen.getByRole('button', { name: 'Boka mitt gratis strategisamtal' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('shows Tack för ditt intresse! and goes to /sv/book-call/thank-you after 2000 ms', async () => {
    const user = userEvent.setup();
    renderPage('/sv/book-call', sent);
    await fillSwedish(user);
    vi.useFakeTimers();
    await act(async () => fireEvent.click(swedish.submit()));

    const heading = screen.getByRole('heading', { name: 'Tack för ditt intresse!' });
    const panel = heading.closest('section')!;
    expect(within(panel).getByRole('link', { name: 'Tillbaka till startsidan' })).toHaveProperty(
      'pathname',
      '/sv',
    );
    await act(async () => vi.advanceTimersByTime(REDIRECT_DELAY_MS));
    expect(screen.getByText('Arrived at /sv/book-call/thank-you')).toBeTruthy();
  });
});

describe('the consultation page', () => {
  it('opens with the newsletter welcome, then the heading, the form, the trust panel and links', () => {
    renderPage('/sv/book-call', vi.fn<FakeAction>(sent));
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
    expect(screen.getByText(/Vi skickar aldrig skräppost/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Tillbaka till startsidan/ })).toHaveProperty(
      'pathname',
      '/sv',
    );
    const toggle = screen.getByRole('navigation', { name: 'Sidans språk' });
    expect(within(toggle).getByRole('link', { name: 'EN' })).toHaveProperty(
      'pathname',
      '/book-call',
    );
  });

  it('gives every control a label and a name equal to its column', () => {
    renderPage('/book-call', vi.fn<FakeAction>(sent));
    const form = screen.getByRole('form', { name: 'Consultation request' });
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
  });

  it('hides the honeypot from people: off screen, out of the tab order and the accessibility tree', () => {
    renderPage('/sv/book-call', vi.fn<FakeAction>(sent));
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.type).toBe('text');
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.value).toBe('');
    expect(trap.closest('.consultation-form__trap')!.getAttribute('aria-hidden')).toBe('true');
    expect(trap.labels![0]!.textContent).toBe('Webbplats');
    expect(screen.queryByRole('textbox', { name: 'Webbplats' })).toBeNull();
  });

  it('renders on the server the signed start time and the request’s attribution', () => {
    const Stub = routes(sent);
    const html = renderToString(<Stub initialEntries={['/book-call']} />);
    expect(html).toContain(`name="form_start" value="${FORM_START}"`);
    expect(html).toContain('name="landing_page" value="/book-call?utm_source=loader"');
    expect(html).toContain('name="utm_source" value=""');
    expect(html).not.toContain('name="enhanced"');
  });

  it('shows the action’s answer to a request sent without JavaScript', () => {
    renderPage('/book-call', vi.fn<FakeAction>(sent), {
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
      formStart: '1795427000000.the-first-start-time-stands-after-a-refusal-xxxxx',
      attribution: { utm_source: 'google', landing_page: '/?utm_source=google' },
    });
    expect(english.email()).toHaveProperty('value', 'anna@');
    expect(english.problems()).toHaveProperty('value', 'Short');
    expect(english.howFoundUs()).toHaveProperty('value', 'Google');
    expect(english.email().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Company name is required.')).toBeTruthy();
    expect(screen.getByText('Minimum 20 characters (5/20)')).toBeTruthy();
    expect(document.activeElement).toBe(english.email());
    const hidden = (name: string) =>
      document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!.value;
    expect(hidden('form_start')).toBe(
      '1795427000000.the-first-start-time-stands-after-a-refusal-xxxxx',
    );
  });

  it('shows the action’s database failure below the form', () => {
    renderPage('/sv/book-call', vi.fn<FakeAction>(sent), {
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
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Misslyckades att skicka: permission denied for table consultations',
    );
    expect(screen.getByRole('textbox', { name: 'Namn' })).toHaveProperty('value', 'Erik');
  });
});
