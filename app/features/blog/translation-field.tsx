// The post form's language and translation: which language the post is in, and which post in the
// other language is its translation (the blog then links the two).
import { AdminChoiceField, AdminField } from '~/admin/admin-field';
import type { BlogPost, PostLanguage } from '~/data/posts';
import { managerCopy } from './manager-copy';
import { PostChoice } from './post-choice';
import { authorAfterLanguageChange, type PostFormValues } from './post-rules';
import { publicPostPath } from './post-slugs';
import { chosenTranslation, translationCandidates } from './post-translations';

const copy = managerCopy.form;

export function LanguageField({
  mode,
  values,
  onChange,
}: {
  mode: 'create' | 'edit';
  values: PostFormValues;
  onChange: (next: Partial<PostFormValues>) => void;
}) {
  return (
    <AdminChoiceField label={copy.language} hint={copy.languageHint}>
      {(control) =>
        (['english', 'swedish'] as const).map((language) => (
          <PostChoice
            key={language}
            {...control}
            name="language"
            value={language}
            checked={values.language === language}
            onChange={() =>
              onChange(
                mode === 'create'
                  ? { language, author: authorAfterLanguageChange(values.author, language) }
                  : { language },
              )
            }
          >
            {copy.languages[language]}
          </PostChoice>
        ))
      }
    </AdminChoiceField>
  );
}

export function TranslationField({
  values,
  others,
  error,
  onChange,
}: {
  values: PostFormValues;
  /** Every post but this one. */
  others: readonly BlogPost[];
  error: string | undefined;
  onChange: (next: Partial<PostFormValues>) => void;
}) {
  const otherLanguage: PostLanguage = values.language === 'english' ? 'swedish' : 'english';
  const candidates = translationCandidates(values.language, others);
  return (
    <AdminField
      label={
        <>
          {copy.translation} <span className="admin-field__optional">{copy.optional}</span>
        </>
      }
      hint={copy.translationHint(copy.languages[otherLanguage])}
      error={error}
    >
      {(control) => (
        <select
          {...control}
          name="translation"
          value={chosenTranslation(values, others)}
          onChange={(e) => onChange({ translation: e.target.value })}
        >
          <option value="">{copy.noTranslation}</option>
          {candidates.map((candidate) => {
            const linkedTo = others.find(
              (other) =>
                other.id !== candidate.id &&
                other.language === values.language &&
                candidate.translation_group &&
                other.translation_group === candidate.translation_group,
            );
            return (
              <option key={candidate.id} value={candidate.id}>
                {copy.translationOption({
                  title: candidate.title,
                  path: publicPostPath(otherLanguage, candidate.slug),
                  draft: !candidate.is_published,
                  linkedTo: linkedTo?.title,
                })}
              </option>
            );
          })}
        </select>
      )}
    </AdminField>
  );
}
