// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enhanceBackButtons } from '~/enhance/links';
import { site } from '~/config/site';
import { policySectionIds, privacyPolicyCopy } from './copy';
import { PrivacyPolicy, policyDay, stockholmDate } from './privacy-policy';

afterEach(cleanup);

/** 23:30 UTC on 21 November is already 22 November in Stockholm. */
const today = '2026-11-21T23:30:00.000Z';

function Elsewhere() {
  return <p>Now at {useLocation().pathname}</p>;
}

function renderPolicy(entries: string[]) {
  const Stub = createRoutesStub([
    { path: '/privacy-policy', Component: () => <PrivacyPolicy today={today} /> },
    { path: '/sv/privacy-policy', Component: () => <PrivacyPolicy today={today} /> },
    { path: '*', Component: Elsewhere },
  ]);
  return render(<Stub initialEntries={entries} initialIndex={entries.length - 1} />);
}

const englishHeadings = [
  'Who is responsible for your data',
  'Personal data we collect',
  'How we use your data',
  'Third-party services we use',
  'Cookies',
  'Legal bases for processing',
  'How long we keep your data',
  'Your rights under the GDPR',
  'Automated decisions and profiling',
  'How we protect your data',
  'Transfers outside the EU/EEA',
  'Children',
  'Changes to this policy',
  'Contact us',
  'Supervisory authority',
];

const swedishHeadings = [
  'Vem som ansvarar för dina uppgifter',
  'Personuppgifter vi samlar in',
  'Hur vi använder dina uppgifter',
  'Tredjepartstjänster vi använder',
  'Cookies',
  'Rättslig grund för behandlingen',
  'Hur länge vi sparar dina uppgifter',
  'Dina rättigheter enligt GDPR',
  'Automatiserade beslut och profilering',
  'Så skyddar vi dina uppgifter',
  'Överföringar utanför EU/EES',
  'Barn',
  'Ändringar i policyn',
  'Kontakta oss',
  'Tillsynsmyndighet',
];

/** The section headings (level 2, with an id) in page order. */
function sectionHeadings(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLHeadingElement>('.privacy__section > h2')];
}

function sectionText(container: HTMLElement, id: string): string {
  return container.querySelector(`#${id}`)!.closest('section')!.textContent ?? '';
}

describe('the policy copy', () => {
  it('has the same fifteen sections in both languages, in the page order', () => {
    expect(policySectionIds).toHaveLength(15);
    expect(new Set(policySectionIds).size).toBe(15);
    for (const copy of [privacyPolicyCopy.en, privacyPolicyCopy.sv])
      expect(Object.keys(copy.sections).sort()).toEqual([...policySectionIds].sort());
  });
});

describe('PrivacyPolicy', () => {
  it('shows the fifteen English sections in order, numbered, each linked from the contents', () => {
    const { container } = renderPolicy(['/privacy-policy']);
    const headings = sectionHeadings(container);
    expect(headings.map((heading) => heading.textContent)).toEqual(
      englishHeadings.map((heading, index) => `${index + 1}. ${heading}`),
    );
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(englishHeadings);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      headings.map((heading) => `#${heading.id}`),
    );
  });

  it('shows the fifteen Swedish sections in the same order', () => {
    const { container } = renderPolicy(['/sv/privacy-policy']);
    expect(sectionHeadings(container).map((heading) => heading.textContent)).toEqual(
      swedishHeadings.map((heading, index) => `${index + 1}. ${heading}`),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Integritetspolicy');
  });

  it('states the retention periods of the specification in English', () => {
    const { container } = renderPolicy(['/privacy-policy']);
    const retention = sectionText(container, 'retention');
    expect(retention).toContain('Contact and consultation forms: 3 years from our last contact');
    expect(retention).toContain('Newsletter: until you unsubscribe');
    expect(retention).toContain('Analytics data: 26 months');
    expect(retention).toContain('the duration of our contract plus 7 years');
    expect(retention).toContain('Bookkeeping Act');
  });

  it('states the retention periods of the specification in Swedish', () => {
    const { container } = renderPolicy(['/sv/privacy-policy']);
    const retention = sectionText(container, 'retention');
    expect(retention).toContain('3 år från vår senaste kontakt');
    expect(retention).toContain('Nyhetsbrev: tills du avregistrerar dig');
    expect(retention).toContain('Analysdata: 26 månader');
    expect(retention).toContain('under avtalstiden plus 7 år');
    expect(retention).toContain('bokföringslagen');
  });

  it('lists the rights, the 30-day answer, the age limit and the supervisory authority', () => {
    const { container } = renderPolicy(['/privacy-policy']);
    const rights = sectionText(container, 'your-rights');
    for (const right of [
      'Access',
      'Rectification',
      'Erasure',
      'Restriction',
      'Data portability',
      'Objection',
      'Withdraw consent',
    ])
      expect(rights).toContain(`${right}:`);
    expect(rights).toContain('within 30 days');
    expect(sectionText(container, 'children')).toContain('under 16');
    expect(sectionText(container, 'international-transfers')).toContain(
      'standard contractual clauses (SCCs)',
    );
    const authority = sectionText(container, 'supervisory-authority');
    expect(authority).toContain('Integritetsskyddsmyndigheten, IMY');
    expect(screen.getByRole('link', { name: 'www.imy.se' }).getAttribute('href')).toBe(
      'https://www.imy.se',
    );
  });

  it('names the controller with the configured company details', () => {
    const { container } = renderPolicy(['/sv/privacy-policy']);
    const controller = sectionText(container, 'controller');
    expect(controller).toContain(site.legalName);
    expect(controller).toContain(`Organisationsnummer: ${site.controller.organisationNumber}`);
    expect(controller).toContain(site.controller.address.street);
    const [email] = within(
      container.querySelector('#controller')!.closest('section')!,
    ).getAllByRole('link');
    expect(email!.getAttribute('href')).toBe(`mailto:${site.controller.email}`);
  });

  it("shows the loader's instant as the last-updated date in the agency's time zone", () => {
    renderPolicy(['/privacy-policy']);
    const english = screen.getByText('November 22, 2026');
    expect(english.tagName).toBe('TIME');
    expect(english.getAttribute('datetime')).toBe('2026-11-22');
    expect(english.parentElement!.textContent).toBe('Last updated: November 22, 2026');
    cleanup();
    renderPolicy(['/sv/privacy-policy']);
    expect(screen.getByText('22 november 2026').parentElement!.textContent).toBe(
      'Senast uppdaterad: 22 november 2026',
    );
    expect(stockholmDate('2026-06-30T22:15:00Z')).toBe('2026-07-01');
  });

  it('links to the twin page in the other language', () => {
    renderPolicy(['/privacy-policy']);
    const swedish = screen.getByRole('link', { name: 'Läs på svenska' });
    expect(swedish.getAttribute('href')).toBe('/sv/privacy-policy');
    expect(swedish.getAttribute('lang')).toBe('sv');
    cleanup();
    renderPolicy(['/sv/privacy-policy']);
    expect(screen.getByRole('link', { name: 'Read in English' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
  });

  /**
   * Back is app/enhance's (data-history-back), as on the served page: clicked with a tab history
   * of `length` entries, what does it do?
   */
  function clickBack(length: number, name: string) {
    const win = { history: { length, back: vi.fn() }, location: { assign: vi.fn() } };
    const controller = new AbortController();
    enhanceBackButtons(document, win as never, controller.signal);
    fireEvent.click(screen.getByRole('button', { name }));
    controller.abort();
    return win;
  }

  it('goes back in history with the Back button, whatever loaded the previous page', () => {
    renderPolicy(['/privacy-policy']);
    const win = clickBack(2, 'Back');
    expect(win.history.back).toHaveBeenCalledOnce();
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it("goes to the language's home page in a fresh tab, with nothing to go back to", () => {
    renderPolicy(['/sv/privacy-policy']);
    const win = clickBack(1, 'Tillbaka');
    expect(win.history.back).not.toHaveBeenCalled();
    expect(win.location.assign).toHaveBeenCalledWith('/sv');
  });
});

describe('policyDay', () => {
  it('is the agency’s calendar day, one value from midnight to midnight in Stockholm', () => {
    // 23:30 UTC on 21 November is 00:30 on 22 November in Stockholm.
    expect(policyDay(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22T12:00:00.000Z');
    expect(policyDay(new Date('2026-11-22T22:59:00Z'))).toBe('2026-11-22T12:00:00.000Z');
    expect(stockholmDate(policyDay(new Date('2026-11-22T22:59:00Z')))).toBe('2026-11-22');
  });
});
