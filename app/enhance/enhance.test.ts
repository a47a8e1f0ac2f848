// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDeferredFrames } from './frames';
import { hideBrokenImages } from './images';
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

describe('loadDeferredFrames', () => {
  const slot = `<div class="slot" data-deferred-frame=""><noscript><iframe src="https://forms.example/f" title="Form"></iframe></noscript></div>`;

  /** A window whose load event, frames and timers the test runs by hand. */
  function fakeWindow() {
    const listeners: Array<() => void> = [];
    const queued: Array<() => void> = [];
    const win = {
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'load') listeners.push(listener);
      },
      requestAnimationFrame: (callback: () => void) => queued.push(callback),
      setTimeout: (callback: () => void) => queued.push(callback),
    } as unknown as Window;
    const runQueued = () => {
      for (const callback of queued.splice(0)) callback();
    };
    return { win, load: () => listeners.forEach((listener) => listener()), runQueued };
  }

  it('puts the frame in its slot only after the page’s load event and the next paint', () => {
    document.body.innerHTML = slot;
    const doc = {
      readyState: 'interactive',
      querySelectorAll: document.querySelectorAll.bind(document),
      createElement: document.createElement.bind(document),
    } as unknown as Document;
    const { win, load, runQueued } = fakeWindow();
    loadDeferredFrames(doc, win);
    runQueued();
    expect(document.querySelector('iframe')).toBeNull();

    load();
    expect(document.querySelector('iframe')).toBeNull();
    runQueued(); // the next frame
    expect(document.querySelector('iframe')).toBeNull();
    runQueued(); // the task after it
    const frame = document.querySelector('.slot > iframe')!;
    expect(frame.getAttribute('src')).toBe('https://forms.example/f');
    expect(frame.getAttribute('title')).toBe('Form');
  });

  it('waits only for the next paint when the page has loaded already', () => {
    document.body.innerHTML = slot;
    const { win, runQueued } = fakeWindow();
    loadDeferredFrames(document, win);
    expect(document.readyState).toBe('complete');
    runQueued();
    runQueued();
    expect(document.querySelector('.slot > iframe')).not.toBeNull();
  });
});

describe('hideBrokenImages', () => {
  it('takes an image that fails to load out of the page, and leaves the others', () => {
    document.body.innerHTML = `<img id="fails" src="https://gone.example/a.jpg" srcset="x 1w"><img id="fine" src="/ok.png">`;
    hideBrokenImages(document, controller.signal);
    document.getElementById('fails')!.dispatchEvent(new Event('error'));
    expect(document.getElementById('fails')!.hasAttribute('data-broken')).toBe(true);
    expect(document.getElementById('fails')!.hasAttribute('srcset')).toBe(false);
    expect(document.getElementById('fine')!.hasAttribute('data-broken')).toBe(false);
  });

  it('finds an image that failed before the script ran', () => {
    document.body.innerHTML = `<img id="early" src="https://gone.example/b.jpg">`;
    const image = document.getElementById('early') as HTMLImageElement;
    Object.defineProperty(image, 'complete', { value: true });
    Object.defineProperty(image, 'naturalWidth', { value: 0 });
    hideBrokenImages(document, controller.signal);
    expect(image.hasAttribute('data-broken')).toBe(true);
  });
});
