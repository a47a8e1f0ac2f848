// 'Get The Guide' (specification §2): an in-page link to the sign-up card, so it works before the
// page's script runs; with the script it scrolls smoothly (unless the visitor asked for reduced
// motion) and moves the focus to the card, so the next Tab reaches the form.
import type { MouseEvent, ReactNode } from 'react';

export function JumpToFormLink({ targetId, children }: { targetId: string; children: ReactNode }) {
  function jump(event: MouseEvent<HTMLAnchorElement>) {
    // Let the browser open the link in a new tab or window as asked.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  }

  return (
    <a href={`#${targetId}`} className="button button--accent guide-jump" onClick={jump}>
      {children}
    </a>
  );
}
