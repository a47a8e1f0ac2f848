// Which pages load React in the browser. A public page whose route says `hydrate: false` in its
// handle is server-rendered HTML with the small script of app/enhance instead (issue 8's speed
// budget): React, React DOM and React Router are about 94 kB, more than such a page's budget.
import { useMatches } from 'react-router';

export interface HydrationHandle {
  /** false: the page never loads React in the browser. */
  hydrate?: boolean;
}

/** Whether the current page loads React: unless one of its routes says otherwise. */
export function usePageHydrates(): boolean {
  return !useMatches().some(
    (match) => (match.handle as HydrationHandle | undefined)?.hydrate === false,
  );
}
