// 'Get The Guide': an in-page link to the sign-up card, so it works before and
// without scripts; app/enhance (data-jump) makes it scroll smoothly (unless the visitor asked for
// reduced motion) and move the focus to the card, so the next Tab reaches the form.
import type { ReactNode } from 'react';

export function JumpToFormLink({ targetId, children }: { targetId: string; children: ReactNode }) {
  return (
    <a href={`#${targetId}`} className="button button--accent guide-jump" data-jump>
      {children}
    </a>
  );
}
