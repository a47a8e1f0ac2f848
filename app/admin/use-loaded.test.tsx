// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLoaded } from './use-loaded';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

describe('useLoaded', () => {
  it('gives the value once loaded, and lets a form change it', async () => {
    const { result } = renderHook(() => useLoaded(async () => ({ name: 'saved' }), []));
    expect(result.current.value).toBeNull();
    await waitFor(() => expect(result.current.value).toEqual({ name: 'saved' }));
    act(() => result.current.setValue({ name: 'edited' }));
    expect(result.current.value).toEqual({ name: 'edited' });
    expect(result.current.error).toBeNull();
  });

  it('loads again when its dependencies change, and drops the answer for the old ones', async () => {
    const answers = { first: deferred<string>(), second: deferred<string>() };
    const { result, rerender } = renderHook(
      ({ key }: { key: 'first' | 'second' }) => useLoaded(() => answers[key].promise, [key]),
      { initialProps: { key: 'first' as 'first' | 'second' } },
    );
    rerender({ key: 'second' });
    await act(async () => answers.second.resolve('second'));
    expect(result.current.value).toBe('second');
    // The first request answers late: it no longer counts.
    await act(async () => answers.first.resolve('first'));
    expect(result.current.value).toBe('second');
  });

  it('gives the error of a failed load, as an Error even when something else was thrown', async () => {
    const { result } = renderHook(() =>
      useLoaded(() => Promise.reject(new Error('The database is away')), []),
    );
    await waitFor(() => expect(result.current.error?.message).toBe('The database is away'));
    expect(result.current.value).toBeNull();
    const { result: odd } = renderHook(() => useLoaded(() => Promise.reject('plain text'), []));
    await waitFor(() => expect(odd.current.error).toEqual(new Error('plain text')));
  });

  it('starts no load while it is given none, and loads once it is', async () => {
    let calls = 0;
    const { result, rerender } = renderHook(
      ({ id }: { id: string | null }) =>
        useLoaded(id ? async () => `lead ${id} (load ${++calls})` : null, [id]),
      { initialProps: { id: null as string | null } },
    );
    expect(calls).toBe(0);
    expect(result.current.value).toBeNull();
    rerender({ id: '7' });
    await waitFor(() => expect(result.current.value).toBe('lead 7 (load 1)'));
  });

  it('keeps the last value while reloading when asked, and replaces it when the answer comes', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    const { result, rerender } = renderHook(
      ({ round }: { round: 0 | 1 }) =>
        useLoaded(() => answers[round]!.promise, [round], { keepWhileReloading: true }),
      { initialProps: { round: 0 as 0 | 1 } },
    );
    await act(async () => answers[0]!.resolve('before the save'));
    rerender({ round: 1 });
    expect(result.current.value).toBe('before the save');
    await act(async () => answers[1]!.resolve('after the save'));
    expect(result.current.value).toBe('after the save');
  });

  it('loads again on reload, keeping the last value when asked, and says it is loading meanwhile', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    let calls = 0;
    const { result } = renderHook(() =>
      useLoaded(() => answers[calls++]!.promise, [], { keepWhileReloading: true }),
    );
    expect(result.current.loading).toBe(true);
    await act(async () => answers[0]!.resolve('first'));
    expect(result.current.loading).toBe(false);
    act(() => result.current.reload());
    expect(calls).toBe(2);
    expect(result.current.value).toBe('first');
    expect(result.current.loading).toBe(true);
    await act(async () => answers[1]!.resolve('after the save'));
    expect(result.current.value).toBe('after the save');
    expect(result.current.loading).toBe(false);
  });
});
