// The header's menu button on small screens: opens and closes the navigation panel it controls,
// closes it on Escape (focus back on the button) and when one of its links is followed. Listens
// on the document, so a header React renders again later works the same.
function panelOf(doc: Document, button: HTMLButtonElement): HTMLElement | null {
  return doc.getElementById(button.getAttribute('aria-controls') ?? '');
}

function setOpen(doc: Document, button: HTMLButtonElement, open: boolean): void {
  button.setAttribute('aria-expanded', String(open));
  const panel = panelOf(doc, button);
  if (panel) panel.dataset.open = String(open);
}

const menuButtons = 'button.menu-button[aria-controls]';

export function enhanceMenu(doc: Document, signal?: AbortSignal): void {
  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element;
      const button = target.closest<HTMLButtonElement>(menuButtons);
      if (button) {
        setOpen(doc, button, button.getAttribute('aria-expanded') !== 'true');
        return;
      }
      if (!target.closest('a')) return;
      for (const open of doc.querySelectorAll<HTMLButtonElement>(
        `${menuButtons}[aria-expanded="true"]`,
      )) {
        if (panelOf(doc, open)?.contains(target)) setOpen(doc, open, false);
      }
    },
    { signal },
  );
  doc.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape') return;
      const open = doc.querySelector<HTMLButtonElement>(`${menuButtons}[aria-expanded="true"]`);
      if (!open) return;
      setOpen(doc, open, false);
      open.focus();
    },
    { signal },
  );
  for (const button of doc.querySelectorAll<HTMLButtonElement>(menuButtons))
    button.disabled = false;
}
