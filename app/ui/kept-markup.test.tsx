import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fallbackAgencySettingsState } from '~/data/agency-settings';
import { ErrorBoundary } from '~/root';
import { Kept, KeptMarkup } from './kept-markup';
import { SiteHeader } from './site-header';
import { forgetKeptMarkup, KEPT_CHARACTERS, keptParts, KeptRender } from './kept-markup.server';

afterEach(() => forgetKeptMarkup());

/** The page as the server writes it: with the kept parts' provider, then their markers taken out. */
function renderKept(node: ReactNode): string {
  const render = new KeptRender();
  return render.finish(renderToString(<KeptMarkup parts={render}>{node}</KeptMarkup>));
}

const notFound = { status: 404, statusText: 'Not Found', internal: false, data: null };

/**
 * The not-found page at `path` (the header, the cookie banner and the footer around it), with the
 * root's data the site's root loader would give: the agency's details and the cookie choice.
 */
function notFoundPage(path: string, root: Record<string, unknown> = {}) {
  const props = { error: notFound, params: {} } as unknown as Parameters<typeof ErrorBoundary>[0];
  const Stub = createRoutesStub([
    { id: 'root', path: '*', Component: () => <ErrorBoundary {...props} /> },
  ]);
  const data = { agency: fallbackAgencySettingsState, consent: null, ...root };
  return <Stub initialEntries={[path]} hydrationData={{ loaderData: { root: data } }} />;
}

describe('the parts every page shares, kept by their inputs', () => {
  it('come out as React renders them in full, the first time and every time after', () => {
    for (const path of ['/blog/a-post', '/sv/nyhetsbrev', '/newsletter?ref=mail', '/blog/a-post']) {
      const full = renderToString(notFoundPage(path));
      expect(renderKept(notFoundPage(path))).toBe(full);
      expect(renderKept(notFoundPage(path))).toBe(full);
    }
    // A header and a banner for each of the three pages, a footer for each language.
    expect(keptParts()).toBe(8);
  });

  it('are rendered again when what they show changes', () => {
    const english = renderKept(notFoundPage('/blog/a-post'));
    const swedish = renderKept(notFoundPage('/sv/blog/ett-inlagg'));
    expect(english).toContain('Read our Blog');
    expect(swedish).toContain('Läs vår blogg');
    expect(swedish).not.toContain('Read our Blog');

    // The page to come back to after a cookie choice is the page's own.
    expect(renderKept(notFoundPage('/blog/other'))).toContain(
      'name="return_to" value="/blog/other"',
    );

    // The agency's details, saved in the admin.
    const agency = {
      ...fallbackAgencySettingsState,
      settings: { ...fallbackAgencySettingsState.settings, legalName: 'Fjord Leads AB' },
    };
    const saved = renderKept(notFoundPage('/blog/a-post', { agency }));
    expect(saved).toContain('Fjord Leads AB');
    expect(saved).toBe(renderToString(notFoundPage('/blog/a-post', { agency })));

    // The page's translation, linked by the language switch.
    const translated = (sv: string) => {
      const Stub = createRoutesStub([{ id: 'post', path: '*', Component: SiteHeader }]);
      const alternates = { en: '/blog/a-post', sv };
      const loaderData = { post: { alternates } };
      return <Stub initialEntries={['/blog/a-post']} hydrationData={{ loaderData }} />;
    };
    for (const sv of ['/sv/blog/ett-inlagg', '/sv/blog/ett-annat']) {
      const header = renderKept(translated(sv));
      expect(header).toContain(`href="${sv}"`);
      expect(header).toBe(renderToString(translated(sv)));
    }

    // The visitor's choice: the banner stays in the page hidden, its boxes as they chose.
    const consent = { analytics: true, marketing: false, preferences: false };
    const chosen = renderKept(notFoundPage('/blog/a-post', { consent }));
    expect(chosen).toBe(renderToString(notFoundPage('/blog/a-post', { consent })));
    expect(chosen).toMatch(/<section class="cookie-banner"[^>]* hidden=""/);
    expect(chosen).toContain('checked="" value="analytics"');
  });

  it('write a kept inside without rendering it, and keep one holding elements of its own tag', () => {
    const inside = vi.fn(() => (
      <section className="inner">
        <section>deep</section>
        <p>after</p>
      </section>
    ));
    const part = (
      <main>
        <Kept part="test" tag="section" inputs={['a']} attributes={{ className: 'outer' }}>
          {inside}
        </Kept>
        <section>next</section>
      </main>
    );
    const full =
      '<main><section class="outer"><section class="inner"><section>deep</section>' +
      '<p>after</p></section></section><section>next</section></main>';
    expect(renderKept(part)).toBe(full);
    expect(renderKept(part)).toBe(full);
    expect(inside).toHaveBeenCalledTimes(1);
  });

  it('render in full without the provider: pages that hydrate, the browser', () => {
    const inside = vi.fn(() => <p>inside</p>);
    const part = (
      <Kept part="test" tag="footer" inputs={[]} attributes={{}}>
        {inside}
      </Kept>
    );
    expect(renderToString(part)).toBe('<footer><p>inside</p></footer>');
    expect(renderToString(part)).toBe('<footer><p>inside</p></footer>');
    expect(inside).toHaveBeenCalledTimes(2);
    expect(keptParts()).toBe(0);
  });

  it('leave text that looks like their marker alone: its name is a secret of the process', () => {
    const html = '<p data-kept-000000000000="0">a post’s own HTML</p>';
    const page = (
      <>
        <div dangerouslySetInnerHTML={{ __html: html }} />
        <Kept part="test" tag="header" inputs={[]} attributes={{}}>
          {() => 'kept'}
        </Kept>
      </>
    );
    expect(renderKept(page)).toBe(`<div>${html}</div><header>kept</header>`);
    expect(renderKept(page)).toBe(`<div>${html}</div><header>kept</header>`);
  });

  it('are held within a bound, the least recently used going first', () => {
    const large = (n: number) => (
      <Kept part="large" tag="section" inputs={[n]} attributes={{}}>
        {() => 'x'.repeat(KEPT_CHARACTERS / 3)}
      </Kept>
    );
    for (let n = 0; n < 10; n++) renderKept(large(n));
    expect(keptParts()).toBe(2);
    // The last two are kept: written without being rendered.
    const inside = vi.fn(() => 'y');
    renderKept(
      <Kept part="large" tag="section" inputs={[9]} attributes={{}}>
        {inside}
      </Kept>,
    );
    expect(inside).not.toHaveBeenCalled();
  });
});
