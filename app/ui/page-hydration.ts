// Which pages load React in the browser. A public page whose route says `hydrate: false` in its
// handle is server-rendered HTML with the small script of app/enhance instead (the speed budget of
// docs/decisions/0007): React, React DOM and React Router are about 94 kB, more than such a page's
// budget.
import { useMatches } from 'react-router';

export interface HydrationHandle {
  /** false: the page never loads React in the browser. */
  hydrate?: boolean;
}

/** Whether a page whose matched routes have these handles loads React: unless one says not. */
export function hydratesWith(handles: readonly unknown[]): boolean {
  return !handles.some((handle) => (handle as HydrationHandle | undefined)?.hydrate === false);
}

/** Whether the current page loads React. */
export function usePageHydrates(): boolean {
  return hydratesWith(useMatches().map((match) => match.handle));
}
