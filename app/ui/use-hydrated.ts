import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders and during hydration, true afterwards: for values only the
 * browser knows (such as the URL hash) that would otherwise make hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
