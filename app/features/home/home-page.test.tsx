// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enhanceJumps } from '~/enhance/links';
import { HomePage } from './home-page';

afterEach(() => {
  vi.unstubAllGlobals();
  // jsdom has no scrollIntoView; the tests that need one add it.
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
});

function renderHomeAt(path: string) {
  const Stub = createRoutesStub([{ path: '*', Component: HomePage }]);
  return render(<Stub initialEntries={[path]} />);
}

const pathOf = (link: HTMLElement) => link.getAttribute('href');

// The in-page jump is app/enhance's (data-jump), as on the served page.
let jumps: AbortController;
beforeEach(() => {
  jumps = new AbortController();
  enhanceJumps(document, window, jumps.signal);
});
afterEach(() => jumps.abort());

describe('HomePage', () => {
  it('links the English calls to action to /book-call and Learn More to #process', () => {
    renderHomeAt('/');
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Fill Your Calendar With Quality Leads in 30 Days',
      }),
    ).toBeVisible();
    expect(pathOf(screen.getByRole('link', { name: 'Book a Call' }))).toBe('/book-call');
    expect(pathOf(screen.getByRole('link', { name: 'Learn More' }))).toBe('#process');
    expect(pathOf(screen.getByRole('link', { name: 'Book Your Free Strategy Call' }))).toBe(
      '/book-call',
    );
  });

  it('links the Swedish calls to action to /sv/book-call with the Swedish labels', () => {
    renderHomeAt('/sv');
    expect(pathOf(screen.getByRole('link', { name: 'Boka ett samtal' }))).toBe('/sv/book-call');
    expect(pathOf(screen.getByRole('link', { name: 'Läs mer' }))).toBe('#process');
    expect(pathOf(screen.getByRole('link', { name: 'Boka ditt gratis strategisamtal' }))).toBe(
      '/sv/book-call',
    );
    expect(screen.queryByText('Book a Call')).toBeNull();
  });

  it('lists the three final promises under the call to action in both languages', () => {
    const view = renderHomeAt('/');
    const english = screen.getByRole('list', { name: 'Our promise' });
    expect(
      within(english)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['No long-term contracts', 'Money-back guarantee', 'Results in 30 days']);
    view.unmount();
    renderHomeAt('/sv');
    const swedish = screen.getByRole('list', { name: 'Vårt löfte' });
    expect(
      within(swedish)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Inga långa avtal', 'Pengarna tillbaka-garanti', 'Resultat på 30 dagar']);
  });

  it('shows three service cards in #services, Google Ads first', () => {
    renderHomeAt('/');
    const services = screen.getByRole('region', { name: 'Three Ways We Bring You Customers' });
    expect(services).toHaveAttribute('id', 'services');
    const titles = within(services)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Google Ads That Convert',
      'Social Media Ads That Get Noticed',
      'Email Marketing That Brings Customers Back',
    ]);
    expect(services.textContent).toMatch(/Facebook, Instagram and LinkedIn/);
  });

  it('numbers the three process steps in #process', () => {
    renderHomeAt('/sv');
    const process = screen.getByRole('region', { name: 'Så fyller vi din kalender' });
    expect(process).toHaveAttribute('id', 'process');
    const steps = within(process).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Steg 1Vi sätter oss in i din marknad',
      'Steg 2Vi lanserar och sköter kampanjerna varje dag',
      'Steg 3Vi följer upp och optimerar resultaten',
    ]);
  });

  it('compares us with other agencies in a table with a row per claim', () => {
    renderHomeAt('/');
    const table = screen.getByRole('table', {
      name: 'How Nordic Lead Agency compares with other agencies',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['What you get', 'Nordic Lead Agency', 'Other agencies']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Results guarantee',
      'Contract',
      'Follow-up',
      'Strategy',
      'Response time',
      'Time to results',
    ]);
    const guarantee = within(table).getByRole('row', { name: /Results guarantee/ });
    expect(guarantee.textContent).toContain('Results guaranteed or your money back');
    const response = within(table).getByRole('row', { name: /Response time/ });
    expect(response.textContent).toContain('within 24 hours');
  });

  it('glides to the process section on Learn More and moves focus there', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    const scrollIntoView = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrollIntoView;
    renderHomeAt('/');
    const process = screen.getByRole('region', { name: 'How We Fill Your Calendar' });

    const followed = fireEvent.click(screen.getByRole('link', { name: 'Learn More' }));

    expect(followed).toBe(false);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(process);
    expect(process).toHaveFocus();
  });

  it('jumps without animation when the visitor prefers reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
    }));
    const scrollIntoView = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrollIntoView;
    renderHomeAt('/sv');

    fireEvent.click(screen.getByRole('link', { name: 'Läs mer' }));

    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });
});
