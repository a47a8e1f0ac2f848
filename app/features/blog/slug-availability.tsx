// Whether the slug being typed is free: a moment after the writer stops typing, the form
// asks which slugs of its series are in use and says "free", or "taken" with the next free one and
// a button to take it. The save's unique-violation message stays for a race between
// this check and the save.
import { useEffect, useState } from 'react';
import { slugsLike } from '~/data/posts';
import type { AppSupabaseClient } from '~/data/supabase';
import { useLoaded } from '~/admin/use-loaded';
import { managerCopy } from './manager-copy';
import { SLUG_PATTERN, slugLookupBase, slugSuggestion } from './post-slugs';

const copy = managerCopy.form.slugCheck;

/** How long typing must pause before the slug is looked up. */
export const SLUG_CHECK_DELAY_MS = 350;

type Availability =
  | { kind: 'idle' }
  | { kind: 'free'; slug: string }
  | { kind: 'taken'; slug: string; suggestion: string };

/** The value once it has stayed the same for `delay` ms; undefined until then. */
function useSettled<T>(value: T, delay: number): T | undefined {
  const [settled, setSettled] = useState<T>();
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export function SlugAvailability({
  client,
  slug,
  ownSlug,
  onUse,
}: {
  client: AppSupabaseClient;
  /** The slug as the field holds it. */
  slug: string;
  /** The slug the post was loaded with (editing): it is this post's, not taken. */
  ownSlug?: string;
  /** Puts the suggested slug in the field. */
  onUse: (slug: string) => void;
}) {
  const wanted = slug.trim();
  const checkable = (candidate: string) =>
    candidate !== '' && candidate !== ownSlug && SLUG_PATTERN.test(candidate);
  // The slug once typing has paused: the one to look up.
  const settled = useSettled(wanted, SLUG_CHECK_DELAY_MS);
  const { value: availability } = useLoaded<Availability>(
    settled !== undefined && checkable(settled)
      ? () =>
          slugsLike(client, slugLookupBase(settled)).then(
            (taken) => {
              const inUse = taken.filter((other) => other !== ownSlug);
              const suggestion = slugSuggestion(settled, inUse);
              return suggestion
                ? { kind: 'taken', slug: settled, suggestion }
                : { kind: 'free', slug: settled };
            },
            (error: unknown) => {
              // Only a hint: the save still checks, and its message covers a taken slug.
              console.error('Could not check the slug:', error);
              return { kind: 'idle' };
            },
          )
      : null,
    [client, settled, ownSlug],
  );

  // An answer about another slug than the one in the field says nothing.
  const shown =
    checkable(wanted) &&
    availability !== null &&
    availability.kind !== 'idle' &&
    availability.slug === wanted;
  return (
    <div className="admin-slug-check" role="status">
      {shown && availability.kind === 'free' && (
        <p className="admin-slug-check__free">{copy.free(wanted)}</p>
      )}
      {shown && availability.kind === 'taken' && (
        <p className="admin-slug-check__taken">
          {copy.taken(wanted, availability.suggestion)}{' '}
          <button
            type="button"
            className="admin-link-button"
            onClick={() => onUse(availability.suggestion)}
          >
            {copy.use(availability.suggestion)}
          </button>
        </p>
      )}
    </div>
  );
}
