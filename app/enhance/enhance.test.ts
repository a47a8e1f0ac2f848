// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepHashOnLinks } from './links';
import { enhanceMenu } from './menu';

let controller: AbortController;
beforeEach(() => {
  controller = new AbortController();
});
afterEach(() => {
  controller.abort();
  document.body.innerHTML = '';
  window.location.hash = '';
});

const header = `
  <button type="button" class="menu-button" aria-expanded="false" aria-controls="site-menu" disabled>Menu</button>
  <nav id="site-menu" data-open="false"><a href="/blog">Blog</a><span>text</span></nav>
  <p><a href="/book-call">Elsewhere</a></p>`;

describe('enhanceMenu', () => {
  it('enables the button, which opens and closes the panel it controls', () => {
    document.body.innerHTML = header;
    enhanceMenu(document, controller.signal);
    const button = document.querySelector('button')!;
    const panel = document.getElementById('site-menu')!;
    expect(button.disabled).toBe(false);
    button.click();
    expect([button.getAttribute('aria-expanded'), panel.dataset.open]).toEqual(['true', 'true']);
    button.click();
    expect([button.getAttribute('aria-expanded'), panel.dataset.open]).toEqual(['false', 'false']);
  });

  it('closes on Escape with the focus back on the button, and when a link in it is followed', () => {
    document.body.innerHTML = header;
    enhanceMenu(document, controller.signal);
    const button = document.querySelector('button')!;
    button.click();
    document.querySelector('span')!.click();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    document.querySelector<HTMLAnchorElement>('p a')!.click();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    button.click();
    document.querySelector<HTMLAnchorElement>('nav a')!.click();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('keepHashOnLinks', () => {
  it('gives the marked links the page’s #hash, and a new one when it changes', () => {
    document.body.innerHTML = `<a data-keep-hash href="/sv/privacy-policy">SV</a><a href="/x">x</a>`;
    window.location.hash = '#retention';
    keepHashOnLinks(document, window, controller.signal);
    const [marked, plain] = document.querySelectorAll('a');
    expect(marked!.getAttribute('href')).toBe('/sv/privacy-policy#retention');
    expect(plain!.getAttribute('href')).toBe('/x');
    window.location.hash = '#cookies';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(marked!.getAttribute('href')).toBe('/sv/privacy-policy#cookies');
  });
});
