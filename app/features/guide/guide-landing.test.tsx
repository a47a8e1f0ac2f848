// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enhanceJumps } from '~/enhance/links';
import type { SignupForms } from '~/ui/signup-frame';
import { GuideLanding } from './guide-landing';

// The frame shows once the visitor allows marketing, as this one has.
vi.mock('~/ui/use-consent-choice', () => ({
  useConsentChoice: () => ({ analytics: false, marketing: true, preferences: false }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  // jsdom has no scrollIntoView; the scrolling tests lend it a spy.
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

const forms: SignupForms = {
  accountId: '123456',
  formIds: { en: '333333333333333333', sv: '444444444444444444' },
};

function renderAt(path: string) {
  const Stub = createRoutesStub([{ path: '*', Component: () => <GuideLanding forms={forms} /> }]);
  return render(<Stub initialEntries={[path]} />);
}

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }) as never,
  );
}

// The in-page jump is app/enhance's (data-jump), as on the served page.
let jumps: AbortController;
beforeEach(() => {
  jumps = new AbortController();
  enhanceJumps(document, window, jumps.signal);
});
afterEach(() => jumps.abort());

describe('GuideLanding', () => {
  it('shows the English sign-up card with the guide’s English form and three assurances', () => {
    renderAt('/free-meta-ads-guide');
    const card = screen.getByRole('region', { name: 'Get Your FREE Meta Ads Guide' });
    const frame = within(card).getByTitle('Sign-up form for the free Meta Ads guide');
    expect(frame.getAttribute('src')).toContain('/123456/333333333333333333/');
    expect(frame.getAttribute('loading')).toBe('lazy');
    const assurances = within(card).getByRole('list', { name: 'Our promise' });
    expect(
      within(assurances)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Instant download', 'No spam', 'Free forever']);
    expect(within(card).getByText(/please refresh the page/)).toBeVisible();
  });

  it('shows the Swedish card with the guide’s Swedish form', () => {
    renderAt('/sv/free-meta-ads-guide');
    const card = screen.getByRole('region', { name: 'Få din GRATIS Meta Ads Guide' });
    expect(
      within(card)
        .getByTitle('Anmälningsformulär för den gratis guiden till Meta Ads')
        .getAttribute('src'),
    ).toContain('/123456/444444444444444444/');
    expect(within(card).getByText('Gratis för alltid')).toBeVisible();
  });

  it('lists the four things the guide teaches', () => {
    const view = renderAt('/free-meta-ads-guide');
    const learn = screen.getByRole('region', { name: 'What you will learn' });
    expect(
      within(learn)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Why Meta Ads outperform other platforms',
      'How to attract clients cheaply',
      'Campaigns that produce steady leads',
      'Common costly mistakes',
    ]);
    view.unmount();
    renderAt('/sv/free-meta-ads-guide');
    expect(
      within(screen.getByRole('region', { name: 'Det här lär du dig' })).getAllByRole('listitem'),
    ).toHaveLength(4);
  });

  it('draws the cover inline with its dimensions and a name', () => {
    renderAt('/sv/free-meta-ads-guide');
    const cover = screen.getByRole('img', {
      name: 'Omslaget till den gratis guiden till Meta Ads',
    });
    expect(cover.tagName.toLowerCase()).toBe('svg');
    expect(cover.getAttribute('width')).toBe('320');
    expect(cover.getAttribute('height')).toBe('420');
  });

  it('links “Get The Guide” to the sign-up card, so it works without a script', () => {
    renderAt('/free-meta-ads-guide');
    const link = screen.getByRole('link', { name: 'Get The Guide' });
    expect(link.getAttribute('href')).toBe('#get-the-guide');
    const card = screen.getByRole('region', { name: 'Get Your FREE Meta Ads Guide' });
    expect(card).toHaveAttribute('id', 'get-the-guide');
    expect(card).toHaveAttribute('tabindex', '-1');
  });

  it('scrolls smoothly to the card and moves the focus there', () => {
    prefersReducedMotion(false);
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderAt('/sv/free-meta-ads-guide');
    const card = screen.getByRole('region', { name: 'Få din GRATIS Meta Ads Guide' });
    const notPrevented = fireEvent.click(screen.getByRole('link', { name: 'Få guiden' }));
    expect(notPrevented).toBe(false);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(card);
    expect(card).toHaveFocus();
  });

  it('jumps without animation when the visitor prefers reduced motion', () => {
    prefersReducedMotion(true);
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderAt('/free-meta-ads-guide');
    fireEvent.click(screen.getByRole('link', { name: 'Get The Guide' }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });

  it('leaves a modified click (new tab) to the browser', () => {
    prefersReducedMotion(false);
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderAt('/free-meta-ads-guide');
    const notPrevented = fireEvent.click(screen.getByRole('link', { name: 'Get The Guide' }), {
      ctrlKey: true,
    });
    expect(notPrevented).toBe(true);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
