// The post form's slug: the last part of the post's address, checked while it is typed
// (slug-availability.tsx), with the address it makes as its hint.
import { AdminField } from '~/admin/admin-field';
import type { AppSupabaseClient } from '~/data/supabase';
import type { PostLanguage } from '~/data/posts';
import { managerCopy } from './manager-copy';
import { publicPostPath, SLUG_MAX_LENGTH } from './post-slugs';
import { SlugAvailability } from './slug-availability';

const copy = managerCopy.form;

export function SlugField({
  client,
  language,
  slug,
  ownSlug,
  error,
  onChange,
}: {
  client: AppSupabaseClient;
  language: PostLanguage;
  slug: string;
  /** The saved post's own slug, which is not "taken". */
  ownSlug: string | undefined;
  error: string | undefined;
  onChange: (slug: string) => void;
}) {
  return (
    <AdminField
      label={copy.slug}
      hint={copy.slugHint(publicPostPath(language, slug.trim()))}
      error={error}
      after={<SlugAvailability client={client} slug={slug} ownSlug={ownSlug} onUse={onChange} />}
    >
      {(control) => (
        <input
          {...control}
          name="slug"
          type="text"
          maxLength={SLUG_MAX_LENGTH}
          autoCapitalize="none"
          spellCheck={false}
          value={slug}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </AdminField>
  );
}
