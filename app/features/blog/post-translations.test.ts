import { describe, expect, it } from 'vitest';
import type { BlogPost } from '~/data/posts';
import { emptyPostValues, postToValues } from './post-rules';
import {
  chosenTranslation,
  translationCandidates,
  translationLink,
  translationOf,
} from './post-translations';

describe('translations', () => {
  const entry = (id: string, language: string, translation_group: string | null, title = id) =>
    ({ id, language, translation_group, title }) as BlogPost;
  const posts = [
    entry('en-1', 'english', 'g1', 'Answer fast'),
    entry('sv-1', 'swedish', 'g1', 'Svara snabbt'),
    entry('en-2', 'english', null, 'Reviews'),
    entry('sv-2', 'swedish', null, 'Recensioner'),
    entry('sv-3', 'swedish', 'g3', 'Annonser'),
  ];

  it('finds a post’s translation: the other language’s post of its group', () => {
    expect(translationOf(posts[0]!, posts)?.id).toBe('sv-1');
    expect(translationOf(posts[1]!, posts)?.id).toBe('en-1');
    expect(translationOf(posts[2]!, posts)).toBeUndefined();
    expect(translationOf(posts[4]!, posts)).toBeUndefined();
    expect(
      postToValues({ ...posts[0]!, title: 'T' } as BlogPost, posts, 'Europe/Stockholm').translation,
    ).toBe('sv-1');
  });

  it('offers the other language’s posts, by title', () => {
    expect(translationCandidates('english', posts).map(({ id }) => id)).toEqual([
      'sv-3',
      'sv-2',
      'sv-1',
    ]);
    expect(translationCandidates('swedish', posts).map(({ id }) => id)).toEqual(['en-1', 'en-2']);
  });

  it('drops a chosen translation that a change of language made the same language', () => {
    const values = { ...emptyPostValues(), translation: 'sv-2' };
    expect(chosenTranslation(values, posts)).toBe('sv-2');
    expect(chosenTranslation({ ...values, language: 'swedish' }, posts)).toBe('');
  });

  it('leaves the link alone when the choice did not change', () => {
    expect(translationLink({ post: posts[0], initial: 'sv-1', chosen: 'sv-1', posts })).toEqual({});
    expect(translationLink({ initial: '', chosen: '', posts })).toEqual({});
  });

  it('removes the post from its group when the writer chooses none', () => {
    expect(translationLink({ post: posts[0], initial: 'sv-1', chosen: '', posts })).toEqual({
      group: null,
    });
  });

  it('joins the chosen post’s group when it has one', () => {
    expect(translationLink({ post: posts[2], initial: '', chosen: 'sv-3', posts })).toEqual({
      group: 'g3',
    });
    expect(translationLink({ initial: '', chosen: 'sv-1', posts })).toEqual({ group: 'g1' });
  });

  it('brings the chosen post into this post’s group, or into a new one named by its id', () => {
    expect(translationLink({ post: posts[0], initial: 'sv-1', chosen: 'sv-2', posts })).toEqual({
      group: 'g1',
      prepare: { id: 'sv-2', group: 'g1' },
    });
    expect(translationLink({ post: posts[2], initial: '', chosen: 'sv-2', posts })).toEqual({
      group: 'sv-2',
      prepare: { id: 'sv-2', group: 'sv-2' },
    });
  });
});
