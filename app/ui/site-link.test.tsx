import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isCurrentPath, PageLinks, SiteLink, SiteNavLink } from './site-link';

function renderAt(path: string, plain: boolean): string {
  const Links = () => (
    <PageLinks plain={plain}>
      <SiteNavLink to="/blog" className="site-nav__link">
        Blog
      </SiteNavLink>
      <SiteNavLink to="/" className="home">
        Home
      </SiteNavLink>
      <SiteLink to="/sv/book-call?from=header#form" className="button" aria-label="Book">
        Book
      </SiteLink>
    </PageLinks>
  );
  const Stub = createRoutesStub([{ path: '*', Component: Links }]);
  return renderToString(<Stub initialEntries={[path]} />);
}

/** The anchors' attributes in order, by the link's text, without React Router's data-discover. */
function anchors(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attributes, text]) => [
      text!,
      attributes!.replace(/ ?data-discover="true"/, ''),
    ]),
  );
}

describe('SiteLink and SiteNavLink', () => {
  it('write the same anchors as React Router’s Link and NavLink on a page that does not hydrate', () => {
    for (const path of ['/blog', '/blog/a-post', '/', '/blogging', '/sv/blog']) {
      expect(anchors(renderAt(path, true)), path).toEqual(anchors(renderAt(path, false)));
    }
  });

  it('mark the current section, not a longer path that shares its start', () => {
    const onPost = anchors(renderAt('/blog/a-post', true));
    expect(onPost.Blog).toBe('aria-current="page" class="site-nav__link active" href="/blog"');
    expect(onPost.Book).toBe(
      'class="button" aria-label="Book" href="/sv/book-call?from=header#form"',
    );
    expect(onPost.Home).toBe('class="home" href="/"');
    expect(anchors(renderAt('/blogging', true)).Blog).toBe('class="site-nav__link" href="/blog"');
    expect(anchors(renderAt('/', true)).Home).toBe(
      'aria-current="page" class="home active" href="/"',
    );
  });

  it('leave React Router’s data-discover to the pages that hydrate', () => {
    expect(renderAt('/', true)).not.toContain('data-discover');
    expect(renderAt('/', false)).toContain('data-discover="true"');
  });

  it('decide the current path as NavLink does', () => {
    expect(isCurrentPath('/sv/blog', '/sv/blog')).toBe(true);
    expect(isCurrentPath('/sv/blog/post', '/sv/blog/')).toBe(true);
    expect(isCurrentPath('/sv/bloggar', '/sv/blog')).toBe(false);
    expect(isCurrentPath('/blog', '/')).toBe(false);
  });
});
