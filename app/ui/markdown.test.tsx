// @vitest-environment jsdom
/* eslint-disable testing-library/no-node-access -- the markup the Markdown component writes (footnote ids, link targets, heading levels, code blocks) is the behaviour under test */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

function renderMarkdown(source: string, language?: 'en' | 'sv') {
  return render(<Markdown language={language}>{source}</Markdown>).container;
}

describe('Markdown', () => {
  it('renders a GitHub table inside a box that scrolls sideways', () => {
    const container = renderMarkdown(
      ['| Keyword | Filters |', '|---|---|', '| jobs | people looking for work |'].join('\n'),
    );
    const table = screen.getByRole('table');
    expect(table.parentElement?.className).toBe('markdown__table');
    expect(within(table).getByRole('columnheader', { name: 'Keyword' })).toBeVisible();
    expect(within(table).getByRole('cell', { name: 'people looking for work' })).toBeVisible();
    expect(container.querySelectorAll('tbody tr')).toHaveLength(1);
  });

  it('renders strikethrough as <del>', () => {
    const container = renderMarkdown('It is ~~Smith Electrical - Best Electrician~~ now.');
    expect(container.querySelector('del')?.textContent).toBe('Smith Electrical - Best Electrician');
  });

  it('renders task lists with disabled checkboxes, ticked where the item is done', () => {
    renderMarkdown('- [x] Claim the profile\n- [ ] Pick a category');
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => [box.checked, box.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(screen.getByRole('list').className).toBe('contains-task-list');
  });

  it('renders footnotes with a reference and a labelled notes section in the given language', () => {
    const source = 'Most calls come from the map.[^1]\n\n[^1]: Our own client data, 2026.';
    const english = renderMarkdown(source);
    const reference = english.querySelector('a[data-footnote-ref]')!;
    expect(reference.textContent).toBe('1');
    const section = english.querySelector('section[data-footnotes]')!;
    expect(section.textContent).toContain('Footnotes');
    expect(section.textContent).toContain('Our own client data, 2026.');
    expect(reference.getAttribute('href')).toBe(
      `#${section.querySelector('li')!.getAttribute('id')}`,
    );
    expect(reference.getAttribute('target')).toBeNull();

    const swedish = renderMarkdown(source, 'sv');
    expect(swedish.querySelector('section[data-footnotes]')!.textContent).toContain('Fotnoter');
  });

  it('turns bare URLs into links that open in a new tab', () => {
    renderMarkdown('Read more at https://support.google.com/business today.');
    const link = screen.getByRole('link', { name: 'https://support.google.com/business' });
    expect(link.getAttribute('href')).toBe('https://support.google.com/business');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('opens http and https links in a new tab with no opener and no referrer', () => {
    renderMarkdown('[Google](https://google.com) and [plain](http://example.com/page)');
    for (const name of ['Google', 'plain']) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('keeps mailto and relative links in the same tab', () => {
    renderMarkdown('[Mail us](mailto:hello@example.com) or [book a call](/book-call)');
    const mail = screen.getByRole('link', { name: 'Mail us' });
    expect(mail.getAttribute('href')).toBe('mailto:hello@example.com');
    expect(mail.getAttribute('target')).toBeNull();
    expect(mail.getAttribute('rel')).toBeNull();
    const internal = screen.getByRole('link', { name: 'book a call' });
    expect(internal.getAttribute('href')).toBe('/book-call');
    expect(internal.getAttribute('target')).toBeNull();
  });

  it('allows the irc, ircs and xmpp protocols', () => {
    renderMarkdown('[a](irc://irc.example.org/x) [b](ircs://irc.example.org/y) [c](xmpp:me@x.org)');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      'irc://irc.example.org/x',
      'ircs://irc.example.org/y',
      'xmpp:me@x.org',
    ]);
  });

  it('removes javascript:, data: and vbscript: links, keeping their text', () => {
    const container = renderMarkdown(
      [
        '[click](javascript:alert(1))',
        '[upper](JAVASCRIPT:alert(1))',
        '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
        '[vb](vbscript:msgbox(1))',
        '<javascript:alert(1)>',
      ].join(' '),
    );
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('click');
    expect(container.textContent).toContain('data');
    // The autolink's text stays as the author wrote it, but nothing links to it.
    expect(container.querySelector('[href]')).toBeNull();
    expect(container.innerHTML).not.toMatch(/data:text|vbscript:/i);
  });

  it('drops images whose source uses a refused protocol and keeps https images', () => {
    const container = renderMarkdown(
      '![pixel](data:image/png;base64,iVBORw0KGgo=) ![x](javascript:alert(1)) ![Van](https://img.example.com/van.jpg)',
    );
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('src')).toBe('https://img.example.com/van.jpg');
    expect(images[0]!.getAttribute('alt')).toBe('Van');
  });

  it('gives an uploaded image its size and smaller copies, so nothing moves as it loads', () => {
    const url =
      'https://project.supabase.co/storage/v1/object/public/blog-images/f1/1200x800-r.webp';
    const image = renderMarkdown(`![A chart](${url})`).querySelector('img')!;
    expect(image.getAttribute('width')).toBe('1200');
    expect(image.getAttribute('height')).toBe('800');
    expect(image.getAttribute('srcset')).toContain('/blog-images/f1/480w.webp 480w');
    expect(image.getAttribute('sizes')).toBe('(min-width: 48rem) 48rem, 100vw');
    expect(image.getAttribute('loading')).toBe('lazy');
    const other = renderMarkdown('![Van](https://img.example.com/van.jpg)').querySelector('img')!;
    expect(other.hasAttribute('srcset')).toBe(false);
  });

  it('never renders raw HTML as HTML', () => {
    const container = renderMarkdown(
      [
        'Before',
        '',
        '<script>window.hacked = true</script>',
        '',
        '<img src="x" onerror="window.hacked = true">',
        '',
        'Inline <b onclick="x()">bold</b> and <iframe src="https://evil.example"></iframe>',
      ].join('\n'),
    );
    expect(container.querySelector('script, iframe, b, [onerror], [onclick]')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(0);
    // What the author typed shows as text.
    expect(container.textContent).toContain('<script>window.hacked = true</script>');
    expect(container.textContent).toContain('<img src="x" onerror="window.hacked = true">');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('moves headings one level down when the body uses #, so the page title stays the only h1', () => {
    const container = renderMarkdown('# One\n\n## Two\n\n### Three\n\n##### Five\n\n###### Six');
    expect(container.querySelector('h1')).toBeNull();
    expect(
      [...container.querySelectorAll('h2, h3, h4, h5, h6')].map(
        (heading) => `${heading.tagName}:${heading.textContent}`,
      ),
    ).toEqual(['H2:One', 'H3:Two', 'H4:Three', 'H6:Five', 'H6:Six']);
  });

  it('keeps the levels of a body that starts at ##, so no level is skipped', () => {
    const container = renderMarkdown('## Why it matters\n\n### The checklist\n\nText');
    expect(
      [...container.querySelectorAll('h1, h2, h3, h4')].map(
        (heading) => `${heading.tagName}:${heading.textContent}`,
      ),
    ).toEqual(['H2:Why it matters', 'H3:The checklist']);
  });

  it('renders lists, quotes, emphasis and code', () => {
    const container = renderMarkdown(
      '1. First\n2. Second\n\n> A quote\n\nSome **bold**, *italic* and `code`.\n\n```\nconst x = 1;\n```',
    );
    expect([...container.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual([
      'First',
      'Second',
    ]);
    expect(container.querySelector('blockquote')?.textContent?.trim()).toBe('A quote');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('italic');
    expect(container.querySelector('p > code')?.textContent).toBe('code');
    expect(container.querySelector('pre > code')?.textContent).toBe('const x = 1;\n');
  });
});
