// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsultationInput } from '~/data/consultations';
import { BookCall } from './book-call';
import type { ConsultationActionData } from './consultation-form';
import { REDIRECT_DELAY_MS } from './constants';
import type { SubmitConsultation } from './submit';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function ThankYouStub() {
  return <p>Arrived at {useLocation().pathname}</p>;
}

function renderPage(
  path: '/book-call' | '/sv/book-call',
  submit: SubmitConsultation,
  serverState?: ConsultationActionData,
) {
  const Stub = createRoutesStub([
    {
      path: '/book-call',
      Component: () => <BookCall submit={submit} serverState={serverState} />,
    },
    {
      path: '/sv/book-call',
      Component: () => <BookCall submit={submit} serverState={serverState} />,
    },
    { path: '/book-call/thank-you', Component: ThankYouStub },
    { path: '/sv/book-call/thank-you', Component: ThankYouStub },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

/** A submit whose promise the test settles. */
function controlledSubmit() {
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const submit = vi.fn<SubmitConsultation>(
    () =>
      new Promise<void>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return {
    submit,
    resolve: () => settle!.resolve(),
    reject: (error: Error) => settle!.reject(error),
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
    const submit = vi.fn<SubmitConsultation>();
    renderPage('/book-call', submit);

    await user.click(english.submit());

    expect(submit).not.toHaveBeenCalled();
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
    const submit = vi.fn<SubmitConsultation>();
    renderPage('/book-call', submit);
    await fillEnglish(user);
    await user.clear(english.email());
    await user.type(english.email(), 'anna@example');
    await user.clear(english.problems());
    await user.type(english.problems(), 'Too short');

    await user.click(english.submit());

    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Please provide at least 20 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(english.email());
    expect(submit).not.toHaveBeenCalled();
  });

  it('clears a field’s error when that field is edited, and only that one', async () => {
    const user = userEvent.setup();
    renderPage('/book-call', vi.fn<SubmitConsultation>());
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
    renderPage('/book-call', vi.fn<SubmitConsultation>());
    expect(screen.getByText('Minimum 20 characters (0/20)')).toBeTruthy();
    await user.type(english.problems(), '  Leads ');
    expect(screen.getByText('Minimum 20 characters (5/20)')).toBeTruthy();
    expect(english.problems().getAttribute('rows')).toBe('4');
    expect(english.problems().getAttribute('aria-describedby')).toContain(
      screen.getByText('Minimum 20 characters (5/20)').id,
    );
  });

  it('sends trimmed values, null additional_info, the language and the moment of submitting', async () => {
    const user = userEvent.setup();
    const submit = vi.fn<SubmitConsultation>(() => Promise.resolve());
    renderPage('/book-call', submit);
    await fillEnglish(user);
    const before = Date.now();

    await user.click(english.submit());

    expect(submit).toHaveBeenCalledTimes(1);
    const input: ConsultationInput = submit.mock.calls[0]![0];
    expect(input).toEqual({
      name: 'Anna Berg',
      email: 'anna@example.se',
      phone_number: '070-123 45 67',
      company_name: 'Bergs Rör AB',
      problems: 'We need more customers this spring.',
      how_found_us: 'Friend Referral',
      additional_info: null,
      language: 'english',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Date.parse(input.created_at!)).toBeGreaterThanOrEqual(before);
  });

  it('disables the button and shows Submitting... while sending', async () => {
    const user = userEvent.setup();
    const pending = controlledSubmit();
    renderPage('/book-call', pending.submit);
    await fillEnglish(user);

    await user.click(english.submit());

    const button = screen.getByRole('button', { name: 'Submitting...' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.querySelector('.consultation-form__spinner')).not.toBeNull();
    // A second press while sending does not send again.
    await user.click(button);
    expect(pending.submit).toHaveBeenCalledTimes(1);
    await act(async () => pending.resolve());
  });

  it('shows the server’s message below the form, keeps everything typed and re-enables the button', async () => {
    const user = userEvent.setup();
    const pending = controlledSubmit();
    renderPage('/book-call', pending.submit);
    await fillEnglish(user);
    await user.type(english.additionalInfo(), 'Mornings are best');
    await user.click(english.submit());

    await act(async () => pending.reject(new Error('new row violates check constraint')));

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

  it('replaces the form with the thank-you panel, then goes to the thank-you page after 2000 ms', async () => {
    const user = userEvent.setup();
    renderPage('/book-call', () => Promise.resolve());
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
    const submit = vi.fn<SubmitConsultation>();
    renderPage('/sv/book-call', submit);
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
    expect(submit).not.toHaveBeenCalled();
  });

  it('counts in Swedish and shows Friend Referral as Vänrekommendation', async () => {
    const user = userEvent.setup();
    renderPage('/sv/book-call', vi.fn<SubmitConsultation>());
    await user.type(swedish.problems(), 'Hej');
    expect(screen.getByText('Minimum 20 tecken (3/20)')).toBeTruthy();
    const option = within(swedish.howFoundUs()).getByRole('option', { name: 'Vänrekommendation' });
    expect(option).toHaveProperty('value', 'Friend Referral');
  });

  it('shows Skickar..., then the Swedish failure message with the values kept', async () => {
    const user = userEvent.setup();
    const pending = controlledSubmit();
    renderPage('/sv/book-call', pending.submit);
    await fillSwedish(user);

    await user.click(swedish.submit());
    expect(screen.getByRole('button', { name: 'Skickar...' })).toHaveProperty('disabled', true);
    expect(pending.submit.mock.calls[0]![0]).toMatchObject({
      language: 'swedish',
      how_found_us: 'Friend Referral',
    });

    await act(async () => pending.reject(new Error('Failed to fetch')));
    expect(screen.getByRole('alert').textContent).toBe('Misslyckades att skicka: Failed to fetch');
    expect(swedish.name()).toHaveProperty('value', 'Erik Ström');
    expect(swedish.howFoundUs()).toHaveProperty('value', 'Friend Referral');
    expect(screen.getByRole('button', { name: 'Boka mitt gratis strategisamtal' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('shows Tack för ditt intresse! and goes to /sv/book-call/thank-you after 2000 ms', async () => {
    const user = userEvent.setup();
    renderPage('/sv/book-call', () => Promise.resolve());
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
    renderPage('/sv/book-call', vi.fn<SubmitConsultation>());
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
    renderPage('/book-call', vi.fn<SubmitConsultation>());
    const form = screen.getByRole('form', { name: 'Consultation request' });
    expect(form.getAttribute('method')).toBe('post');
    const names = [...form.querySelectorAll('input, select, textarea')].map((control) => {
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

  it('shows the action’s answer to a request sent without JavaScript', () => {
    renderPage('/book-call', vi.fn<SubmitConsultation>(), {
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
    });
    expect(english.email()).toHaveProperty('value', 'anna@');
    expect(english.problems()).toHaveProperty('value', 'Short');
    expect(english.howFoundUs()).toHaveProperty('value', 'Google');
    expect(english.email().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Company name is required.')).toBeTruthy();
    expect(screen.getByText('Minimum 20 characters (5/20)')).toBeTruthy();
    expect(document.activeElement).toBe(english.email());
  });

  it('shows the action’s database failure below the form', () => {
    renderPage('/sv/book-call', vi.fn<SubmitConsultation>(), {
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
