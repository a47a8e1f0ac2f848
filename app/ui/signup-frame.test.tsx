// @vitest-environment jsdom
/* eslint-disable testing-library/no-node-access -- the server-rendered HTML must hold no frame or noscript a browser would load, which no role can show */
// In the browser's React (a page reached inside a visit that runs React) the frame is rendered at
// once; the server's HTML holds it in <noscript> for app/enhance/frames.ts to put in place.
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { insertConsentedFrames } from '~/enhance/consent';
import { insertDeferredFrames } from '~/enhance/frames';
import type { ConsentChoice } from '~/visit/consent-cookie';
import { mailerLiteFormUrl, SignupFrame, type SignupForms } from './signup-frame';

/** The visitor's cookie choice, as the root loader would read it. */
const visitor = vi.hoisted(() => ({ consent: undefined as ConsentChoice | undefined }));
vi.mock('~/ui/use-consent-choice', () => ({
  useConsentChoice: () => visitor.consent,
}));
const marketingAllowed: ConsentChoice = { analytics: false, marketing: true, preferences: false };

beforeEach(() => {
  visitor.consent = marketingAllowed;
});
afterEach(() => {
  document.body.innerHTML = '';
});

const newsletterForms: SignupForms = {
  accountId: '123456',
  formIds: { en: '111111111111111111', sv: '222222222222222222' },
};
const guideForms: SignupForms = {
  accountId: '123456',
  formIds: { en: '333333333333333333', sv: '444444444444444444' },
};

function Page({ forms, title }: { forms: SignupForms; title: string }) {
  return (
    <>
      <SignupFrame forms={forms} title={title} />
      <Link to="/newsletter">English</Link>
      <Link to="/sv/newsletter">Svenska</Link>
      <Link to="/free-meta-ads-guide">Guide</Link>
    </>
  );
}

function renderAt(path: string, forms = newsletterForms) {
  const Stub = createRoutesStub([
    { path: '*', Component: () => <Page forms={forms} title="Newsletter sign-up form" /> },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

const frame = () => screen.getByTitle('Newsletter sign-up form') as HTMLIFrameElement;

describe('SignupFrame', () => {
  it('loads the English form of the page on an English path', () => {
    renderAt('/newsletter');
    expect(frame().getAttribute('src')).toBe(
      'https://preview.mailerlite.io/forms/123456/111111111111111111/share',
    );
  });

  it('loads the Swedish form of the page on a Swedish path', () => {
    renderAt('/sv/newsletter');
    expect(frame().getAttribute('src')).toBe(
      'https://preview.mailerlite.io/forms/123456/222222222222222222/share',
    );
  });

  it("loads the guide's own forms when given them", () => {
    const view = renderAt('/sv/free-meta-ads-guide', guideForms);
    expect(frame().getAttribute('src')).toContain('/123456/444444444444444444/');
    view.unmount();
    renderAt('/free-meta-ads-guide', guideForms);
    expect(frame().getAttribute('src')).toContain('/123456/333333333333333333/');
  });

  it('is named for screen readers (its 400 px minimum height is the stylesheet’s: see the browser tests)', () => {
    renderAt('/newsletter');
    expect(frame().tagName).toBe('IFRAME');
    expect(frame().getAttribute('title')).toBe('Newsletter sign-up form');
    expect(frame().className).toBe('signup-frame__frame');
  });

  it('loads lazily, so the page’s first paint never waits on the provider', () => {
    renderAt('/newsletter');
    expect(frame().getAttribute('loading')).toBe('lazy');
  });

  it('asks the visitor to refresh the page if the form does not show, in their language', () => {
    const view = renderAt('/newsletter');
    expect(screen.getByText(/If the form does not show, please refresh the page\./)).toBeVisible();
    const fallback = screen.getByRole('link', { name: 'Open the form in a new tab' });
    expect(fallback.getAttribute('href')).toBe(frame().getAttribute('src'));
    expect(fallback.getAttribute('rel')).toBe('noopener noreferrer');
    view.unmount();
    renderAt('/sv/newsletter');
    expect(screen.getByText(/Om formuläret inte visas, vänligen ladda om sidan\./)).toBeVisible();
  });

  it('creates a new frame when the path changes, with the form of the new language', async () => {
    renderAt('/newsletter');
    const first = frame();
    await act(async () => screen.getByRole('link', { name: 'Svenska' }).click());
    const second = frame();
    expect(second).not.toBe(first);
    expect(first.isConnected).toBe(false);
    expect(second.getAttribute('src')).toContain('/222222222222222222/');

    // Another path with the same form still gets a fresh frame.
    await act(async () => screen.getByRole('link', { name: 'Guide' }).click());
    const third = frame();
    expect(third).not.toBe(second);
    expect(third.getAttribute('src')).toContain('/111111111111111111/');
  });
});

function serverHtml(path: string) {
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => <Page forms={newsletterForms} title="Newsletter sign-up form" />,
    },
  ]);
  return renderToString(<Stub initialEntries={[path]} />);
}

describe('SignupFrame in the server’s HTML', () => {
  it('holds the frame in <noscript> inside the slot that keeps its space', () => {
    const html = serverHtml('/sv/newsletter');
    const src = mailerLiteFormUrl('123456', '222222222222222222');
    expect(html).toContain(
      `<div class="signup-frame__slot" data-deferred-frame=""><noscript><iframe class="signup-frame__frame" src="${src}" title="Newsletter sign-up form" loading="lazy"></iframe></noscript></div>`,
    );
  });

  it('becomes the same frame once the site’s script puts it in place', () => {
    document.body.innerHTML = serverHtml('/newsletter');
    // A browser running scripts reads <noscript> as text: no frame yet.
    expect(screen.queryByTitle('Newsletter sign-up form')).toBeNull();
    insertDeferredFrames(document);
    expect(frame().getAttribute('src')).toBe(mailerLiteFormUrl('123456', '111111111111111111'));
    expect(frame().getAttribute('loading')).toBe('lazy');
    expect(frame().parentElement!.className).toBe('signup-frame__slot');
    expect(document.querySelector('noscript')).toBeNull();
  });
});

describe('SignupFrame before marketing is allowed', () => {
  beforeEach(() => {
    visitor.consent = undefined;
  });

  it('holds no frame, but says what it is and offers to load it, which posts that consent', () => {
    renderAt('/newsletter');
    expect(screen.queryByTitle('Newsletter sign-up form')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText('Sign-up form from MailerLite')).toBeVisible();
    const button = screen.getByRole('button', { name: 'Load the form and allow marketing' });
    const form = button.closest('form')!;
    expect([form.method, form.getAttribute('action')]).toEqual(['post', '/cookie-settings']);
    expect(Object.fromEntries(new FormData(form, button))).toEqual({
      source: 'frame',
      return_to: '/newsletter',
      choice: 'allow-marketing',
    });
    expect(form.closest('.signup-frame__slot')).not.toBeNull();
  });

  it('after a rejection too, in Swedish, and the server’s HTML has no frame a browser would load', () => {
    visitor.consent = { analytics: true, marketing: false, preferences: true };
    const view = renderAt('/sv/newsletter');
    screen.getByRole('button', { name: 'Hämta formuläret och tillåt marknadsföring' });
    expect(document.querySelector('iframe')).toBeNull();
    view.unmount();
    document.body.innerHTML = serverHtml('/sv/newsletter');
    expect(document.querySelector('noscript')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    // The frame waits inert in a template, for the site's script once the choice is stored.
    insertConsentedFrames(document);
    expect(frame().getAttribute('src')).toBe(mailerLiteFormUrl('123456', '222222222222222222'));
    expect(frame().parentElement!.className).toBe('signup-frame__slot');
  });
});

describe('mailerLiteFormUrl', () => {
  it('escapes the identifiers into the path', () => {
    expect(mailerLiteFormUrl('1/2', 'a b')).toBe(
      'https://preview.mailerlite.io/forms/1%2F2/a%20b/share',
    );
  });
});
