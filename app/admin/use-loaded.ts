// What an admin page shows or edits, loaded in the browser: again whenever `deps` change, and an
// answer that comes back for older deps is dropped, so a slow first load cannot overwrite a newer
// one (or state set after the page was left). Every load an admin screen makes goes through this
// hook. A load that cannot start yet (it needs what another load brings) is given as null; a part
// that reloads after a save can keep showing what it had until the new answer comes; reload()
// loads again with the same deps (after a change the page made itself).
import {
  useCallback,
  useEffect,
  useState,
  type DependencyList,
  type Dispatch,
  type SetStateAction,
} from 'react';

export interface Loaded<T> {
  /** Null until loaded, and again while a change of deps loads anew (unless kept). */
  value: T | null;
  /** For a form that edits what it loaded. */
  setValue: Dispatch<SetStateAction<T | null>>;
  /** Why the last load failed, or null. */
  error: Error | null;
  /** Load again with the same deps, as a change of deps would. */
  reload: () => void;
  /** True from the start of a load until its answer, a kept value's reload included. */
  loading: boolean;
}

export interface LoadOptions {
  /** Keep the last value on screen while a change of deps loads anew (not when load is null). */
  keepWhileReloading?: boolean;
}

export function useLoaded<T>(
  load: (() => Promise<T>) | null,
  deps: DependencyList,
  { keepWhileReloading = false }: LoadOptions = {},
): Loaded<T> {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [generation, setGeneration] = useState(0);
  const [loading, setLoading] = useState(load !== null);
  const reload = useCallback(() => setGeneration((count) => count + 1), []);
  useEffect(() => {
    let current = true;
    if (!keepWhileReloading || !load) setValue(null);
    setError(null);
    setLoading(load !== null);
    load?.()
      .then(
        (loaded) => current && setValue(() => loaded),
        (failure: unknown) =>
          current && setError(failure instanceof Error ? failure : new Error(String(failure))),
      )
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
    // The caller names what load depends on, as with useEffect itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, generation]);
  return { value, setValue, error, reload, loading };
}
