import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header';

function renderHeaderAt(path: string): string {
  const Stub = createRoutesStub([{ path: '*', Component: SiteHeader }]);
  return renderToString(<Stub initialEntries={[path]} />);
}

/** The text of each link, with its href: [href, label][]. */
function links(html: string): Array<[string, string]> {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map(([, href, inner]) => [
    href!,
    inner!.replace(/<[^>]+>/g, ''),
  ]);
}

describe('SiteHeader', () => {
  it('shows the Swedish labels and Swedish links under /sv', () => {
    const html = renderHeaderAt('/sv/blog');
    expect(links(html)).toEqual(
      expect.arrayContaining([
        ['/sv/blog', 'Läs vår blogg'],
        ['/sv/newsletter', 'Gå med i vårt nyhetsbrev'],
        ['/sv/book-call', 'Boka ett samtal'],
        ['/blog', 'EN'],
        ['/sv/blog', 'SV'],
      ]),
    );
    expect(html).toContain('>Meny</button>');
    expect(html).not.toContain('Read our Blog');
  });

  it('shows the English labels elsewhere', () => {
    const html = renderHeaderAt('/newsletter');
    expect(links(html)).toEqual(
      expect.arrayContaining([
        ['/blog', 'Read our Blog'],
        ['/newsletter', 'Join our Newsletter'],
        ['/book-call', 'Book a Call'],
        ['/newsletter', 'EN'],
        ['/sv/newsletter', 'SV'],
      ]),
    );
  });

  it('switches a post to the other language’s blog list', () => {
    expect(links(renderHeaderAt('/blog/local-search-ads'))).toEqual(
      expect.arrayContaining([
        ['/blog/local-search-ads', 'EN'],
        ['/sv/blog', 'SV'],
      ]),
    );
  });

  it('shows no language toggle on the English-only admin pages', () => {
    for (const path of ['/login', '/admin', '/admin/leads']) {
      const labels = links(renderHeaderAt(path)).map(([, label]) => label);
      expect(labels, path).not.toContain('SV');
      expect(labels, path).not.toContain('EN');
    }
  });

  it('renders the small-screen menu closed, with its button pointing at it', () => {
    const html = renderHeaderAt('/');
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*aria-controls="site-menu"/);
    expect(html).toMatch(/<nav id="site-menu"[^>]*data-open="false"/);
  });
});
