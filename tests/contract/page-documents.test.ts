// A page's document as the server sends it, by the way React renders it (app/entry.server.tsx): a
// page that never loads React is rendered to one string, a page that loads React is streamed with
// React Router's data for the browser. Both are whole HTML documents with one doctype, their
// stylesheets and security headers, and the data their loaders read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '#tests/support/backend.ts';

/** A cookie of the kind a signed-in session carries: the page renders rather than comes cached. */
const RENDERING_COOKIE = 'sb-test-auth-token=x';

const render = async (backend: TestBackend, path: string) => {
  const response = await fetch(backend.url + path, { headers: { cookie: RENDERING_COOKIE } });
  return { response, html: await response.text() };
};

const count = (text: string, part: string) => text.split(part).length - 1;

describe('the documents the site renders', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend('pglite', { SEED_DEMO: 'true' }, { site: true });
  });
  afterAll(async () => backend?.close());

  it.each([
    ['an English post', '/blog/three-email-welcome-sequence', 'en', 'Welcome Sequence'],
    ['a Swedish page', '/sv/privacy-policy', 'sv', 'Integritetspolicy'],
  ])('renders %s without React as one whole document', async (_, path, lang, text) => {
    const { response, html } = await render(backend, path);
    expect(response.status).toBe(200);
    expect(html.startsWith(`<!DOCTYPE html><html lang="${lang}"`)).toBe(true);
    expect(count(html.toLowerCase(), '<!doctype')).toBe(1);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(html).toContain(text);
    // No React in the browser: the small enhancing script only, no hand-off of React Router's data.
    expect(html.match(/<script type="module" src="[^"]+"/g)).toEqual([
      expect.stringMatching(/src="\/assets\/enhance-[\w-]+\.js"/),
    ]);
    expect(html).not.toContain('__reactRouterContext');
    // Its stylesheets inline, each hashed in the policy that the response carries.
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).toMatch(/<style[^>]*>/);
    expect(response.headers.get('content-security-policy')).toMatch(/style-src [^;]*'sha256-/);
  });

  it('renders the not-found page without React with its 404', async () => {
    const { response, html } = await render(backend, '/blog/no-such-post');
    expect(response.status).toBe(404);
    expect(html.startsWith('<!DOCTYPE html><html lang="en"')).toBe(true);
    expect(html).toContain('Blog post not found');
    expect(html).not.toContain('__reactRouterContext');
  });

  it('streams a page that loads React, with the data React Router hands the browser', async () => {
    const { response, html } = await render(backend, '/login');
    expect(response.status).toBe(200);
    expect(html.startsWith('<!DOCTYPE html><html lang="en"')).toBe(true);
    expect(count(html.toLowerCase(), '<!doctype')).toBe(1);
    expect(html).toContain('window.__reactRouterContext.streamController.close()');
    expect(html).toMatch(/<script type="module"[^>]*>[^<]*import/);
    expect(response.headers.get('content-security-policy')).toMatch(/script-src [^;]*'sha256-/);
  });
});
