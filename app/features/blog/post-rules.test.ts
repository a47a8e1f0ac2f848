import { describe, expect, it } from 'vitest';
import type { BlogPost } from '~/data/posts';
import {
  DEFAULT_AUTHOR,
  authorAfterLanguageChange,
  chosenTranslation,
  emptyPostValues,
  isScheduled,
  localDateTimeInput,
  momentFromInput,
  postInputFromValues,
  revisionToValues,
  sameValues,
  slugLookupBase,
  slugSuggestion,
  postToValues,
  publicPostPath,
  slugAfterTitleChange,
  slugify,
  translationCandidates,
  translationLink,
  translationOf,
  validatePost,
  type PostFormValues,
} from './post-rules';

const filled: PostFormValues = {
  language: 'english',
  hero_image_url: '',
  title: 'Ten Tips',
  slug: 'ten-tips',
  summary: 'Short and useful.',
  content: '# Tips\n\nOne.',
  author: DEFAULT_AUTHOR,
  is_published: true,
  published_date: '',
  translation: '',
};

describe('slugify', () => {
  it('lower-cases and turns spaces into hyphens', () => {
    expect(slugify('Google Ads That Convert')).toBe('google-ads-that-convert');
  });

  it('removes characters other than letters, digits, spaces and hyphens', () => {
    expect(slugify('Why 90% of Ads Fail (and How to Fix It)!')).toBe(
      'why-90-of-ads-fail-and-how-to-fix-it',
    );
    expect(slugify('Tips & Tricks: 2026 edition?')).toBe('tips-tricks-2026-edition');
    expect(slugify('snake_case & emoji 🚀 title')).toBe('snakecase-emoji-title');
  });

  it('collapses repeated spaces and hyphens and drops them at the ends', () => {
    expect(slugify('  Leads   --  fast -- ')).toBe('leads-fast');
    expect(slugify('a\t\nb')).toBe('a-b');
    expect(slugify('-already-a-slug-')).toBe('already-a-slug');
  });

  it('writes Swedish and other accented letters in ASCII', () => {
    expect(slugify('Så får du fler kunder på 30 dagar')).toBe('sa-far-du-fler-kunder-pa-30-dagar');
    expect(slugify('Öka försäljningen med Facebook-annonser')).toBe(
      'oka-forsaljningen-med-facebook-annonser',
    );
    expect(slugify('Café Ærø Straße Łódź')).toBe('cafe-aero-strasse-lodz');
  });

  it('always gives what the database accepts, or nothing', () => {
    for (const title of ['ÅÄÖ åäö', 'Crème brûlée', '!!!', '', '   ', 'x'.repeat(500)]) {
      const slug = slugify(title);
      expect(slug === '' || /^[a-z0-9-]+$/.test(slug)).toBe(true);
      expect(slug.length).toBeLessThanOrEqual(200);
      expect(slug.startsWith('-') || slug.endsWith('-')).toBe(false);
    }
    expect(slugify('!!!')).toBe('');
    expect(slugify('ÅÄÖ åäö')).toBe('aao-aao');
  });
});

describe('slugAfterTitleChange', () => {
  it('fills an empty slug from the title while creating a post', () => {
    expect(slugAfterTitleChange({ mode: 'create', slug: '', previousTitle: '', title: 'H' })).toBe(
      'h',
    );
  });

  it('keeps following the title while the slug is still the generated one', () => {
    expect(
      slugAfterTitleChange({
        mode: 'create',
        slug: 'hello',
        previousTitle: 'Hello',
        title: 'Hello World',
      }),
    ).toBe('hello-world');
  });

  it('leaves a slug typed by hand alone', () => {
    expect(
      slugAfterTitleChange({
        mode: 'create',
        slug: 'my-own',
        previousTitle: 'Hello',
        title: 'Hello World',
      }),
    ).toBe('my-own');
  });

  it('never changes the slug of a post being edited', () => {
    expect(
      slugAfterTitleChange({ mode: 'edit', slug: '', previousTitle: '', title: 'New title' }),
    ).toBe('');
    expect(
      slugAfterTitleChange({ mode: 'edit', slug: 'old', previousTitle: 'Old', title: 'New' }),
    ).toBe('old');
  });
});

describe('validatePost', () => {
  it('accepts a complete post', () => {
    expect(validatePost(filled)).toEqual({});
  });

  it('gives the form’s message for each empty required field', () => {
    const blank = { ...filled, title: ' ', slug: '', summary: '\n', content: '  ', author: '' };
    expect(validatePost(blank)).toEqual({
      title: 'Title is required',
      slug: 'Slug is required',
      summary: 'Summary is required',
      content: 'Content is required',
      author: 'Author is required',
    });
  });

  it('allows only lowercase letters, digits and hyphens in the slug', () => {
    const message = 'Slug must contain only lowercase letters, numbers, and hyphens';
    for (const slug of ['Upper', 'with space', 'under_score', 'ö-slug', 'dot.slug']) {
      expect(validatePost({ ...filled, slug }).slug).toBe(message);
    }
    expect(validatePost({ ...filled, slug: '  ten-tips-2  ' })).toEqual({});
  });

  it('takes an empty hero image URL, and a web address, but nothing else', () => {
    expect(validatePost({ ...filled, hero_image_url: '  ' })).toEqual({});
    expect(validatePost({ ...filled, hero_image_url: 'https://example.com/a.jpg' })).toEqual({});
    expect(validatePost({ ...filled, hero_image_url: 'javascript:alert(1)' }).hero_image_url).toBe(
      'Hero image URL must start with http:// or https://',
    );
  });
});

describe('the form’s starting values', () => {
  it('starts a new post in English, published, by the agency’s team', () => {
    expect(emptyPostValues()).toEqual({
      language: 'english',
      hero_image_url: '',
      title: '',
      slug: '',
      summary: '',
      content: '',
      author: 'Nordic Lead Agency Team',
      is_published: true,
      published_date: '',
      translation: '',
    });
  });

  it('reads an existing post, treating anything but swedish as English', () => {
    const post = {
      id: '1',
      slug: 's',
      title: 'T',
      summary: 'S',
      content: 'C',
      hero_image_url: null,
      author: 'A',
      is_published: false,
      language: 'klingon',
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-02T00:00:00Z',
      published_date: null,
    } as BlogPost;
    expect(postToValues(post)).toMatchObject({ language: 'english', hero_image_url: '' });
    expect(postToValues({ ...post, language: 'swedish' }).language).toBe('swedish');
  });
});

describe('postInputFromValues', () => {
  const now = new Date('2026-11-21T10:00:00.000Z');

  it('trims every text and stores an empty hero image URL as null', () => {
    const input = postInputFromValues(
      {
        ...filled,
        title: '  Ten Tips ',
        slug: ' ten-tips ',
        summary: ' Short. ',
        content: '\nBody\n',
        author: ' Me ',
        hero_image_url: '   ',
      },
      { now },
    );
    expect(input).toMatchObject({
      title: 'Ten Tips',
      slug: 'ten-tips',
      summary: 'Short.',
      content: 'Body',
      author: 'Me',
      hero_image_url: null,
    });
    expect(
      postInputFromValues({ ...filled, hero_image_url: ' https://x.test/a.png ' }, { now })
        .hero_image_url,
    ).toBe('https://x.test/a.png');
  });

  it('dates a newly published post now and sets updated_at on every save', () => {
    const input = postInputFromValues(filled, { now });
    expect(input.published_date).toBe('2026-11-21T10:00:00.000Z');
    expect(input.updated_at).toBe('2026-11-21T10:00:00.000Z');
    expect(input).not.toHaveProperty('created_at');
  });

  it('keeps the publication date of a post that already has one', () => {
    const input = postInputFromValues(filled, {
      existing: { published_date: '2026-10-01T08:00:00+00:00' },
      now,
    });
    expect(input.published_date).toBe('2026-10-01T08:00:00+00:00');
    expect(input.updated_at).toBe('2026-11-21T10:00:00.000Z');
  });

  it('dates a draft that is published now', () => {
    const input = postInputFromValues(filled, { existing: { published_date: null }, now });
    expect(input.published_date).toBe('2026-11-21T10:00:00.000Z');
  });

  it('keeps the publication date of a post saved as a draft, so republishing keeps it', () => {
    const draft = { ...filled, is_published: false };
    expect(postInputFromValues(draft, { now }).published_date).toBeNull();
    expect(
      postInputFromValues(draft, { existing: { published_date: '2026-10-01T08:00:00Z' }, now })
        .published_date,
    ).toBe('2026-10-01T08:00:00Z');
  });

  it('publishes a scheduled post now when its date is emptied', () => {
    const scheduled = { published_date: '2026-12-24T08:30:00Z' };
    expect(postInputFromValues(filled, { existing: scheduled, now }).published_date).toBe(
      '2026-11-21T10:00:00.000Z',
    );
    // A draft whose future date is emptied forgets it: it is dated when it is published.
    expect(
      postInputFromValues({ ...filled, is_published: false }, { existing: scheduled, now })
        .published_date,
    ).toBeNull();
    // Left as the form showed it, the date still schedules the post.
    expect(
      postInputFromValues(
        { ...filled, published_date: localDateTimeInput(scheduled.published_date) },
        { existing: scheduled, now },
      ).published_date,
    ).toBe('2026-12-24T08:30:00Z');
  });

  it('writes the date the writer chose, in the agency’s time zone, published or not', () => {
    const chosen = '2026-12-24T09:30';
    const expected = '2026-12-24T08:30:00.000Z';
    for (const is_published of [true, false])
      expect(
        postInputFromValues(
          { ...filled, is_published, published_date: chosen },
          { existing: { published_date: '2026-10-01T08:00:00Z' }, now },
        ).published_date,
      ).toBe(expected);
  });

  it('keeps the stored moment when the date is left as the form showed it', () => {
    const stored = '2026-10-01T08:00:42.123+00:00';
    const input = postInputFromValues(
      { ...filled, published_date: localDateTimeInput(stored) },
      { existing: { published_date: stored }, now },
    );
    expect(input.published_date).toBe(stored);
  });
});

describe('publication dates', () => {
  it('show a stored moment in Stockholm time, to the minute, whatever the browser’s zone', () => {
    expect(localDateTimeInput('2026-03-05T06:04:59Z')).toBe('2026-03-05T07:04');
    expect(localDateTimeInput('2026-07-05T06:04:59Z')).toBe('2026-07-05T08:04');
    expect(localDateTimeInput(null)).toBe('');
    expect(localDateTimeInput('not a date')).toBe('');
  });

  it('read only what a datetime-local control gives', () => {
    expect(momentFromInput('2026-03-05T07:04')?.toISOString()).toBe('2026-03-05T06:04:00.000Z');
    for (const value of ['', 'tomorrow', '2026-13-05T07:04', '05/03/2026 07:04'])
      expect(momentFromInput(value), value).toBeNull();
  });

  it('refuse a date that is not one, and allow an empty one', () => {
    expect(validatePost({ ...filled, published_date: '2026-02-30T25:00' })).toEqual({
      published_date: 'Enter a valid date and time, or leave it empty.',
    });
    expect(validatePost({ ...filled, published_date: '' })).toEqual({});
  });

  it('call a published post with a date still to come scheduled, and nothing else', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    expect(isScheduled({ is_published: true, published_date: '2026-11-21T10:00:01Z' }, now)).toBe(
      true,
    );
    expect(isScheduled({ is_published: true, published_date: '2026-11-21T10:00:00Z' }, now)).toBe(
      false,
    );
    expect(isScheduled({ is_published: false, published_date: '2026-12-01T00:00:00Z' }, now)).toBe(
      false,
    );
  });
});

describe('publicPostPath', () => {
  it('puts English posts under /blog and Swedish ones under /sv/blog', () => {
    expect(publicPostPath('english', 'ten-tips')).toBe('/blog/ten-tips');
    expect(publicPostPath('swedish', 'tio-tips')).toBe('/sv/blog/tio-tips');
  });
});

describe('authorAfterLanguageChange', () => {
  it('signs a new Swedish post with the Swedish team byline, and back again', () => {
    expect(authorAfterLanguageChange(DEFAULT_AUTHOR, 'swedish')).toBe(
      'Teamet på Nordic Lead Agency',
    );
    expect(authorAfterLanguageChange('Teamet på Nordic Lead Agency', 'english')).toBe(
      'Nordic Lead Agency Team',
    );
  });

  it('keeps an author the writer typed', () => {
    expect(authorAfterLanguageChange('Anna Svensson', 'swedish')).toBe('Anna Svensson');
  });
});

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
    expect(postToValues({ ...posts[0]!, title: 'T' } as BlogPost, posts).translation).toBe('sv-1');
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
    const values = { ...filled, translation: 'sv-2' };
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

describe('slug suggestions', () => {
  it('say nothing for a free slug', () => {
    expect(slugSuggestion('spring-offer', ['spring-offers'])).toBeNull();
  });

  it('number a taken slug from -2, skipping the numbers in use', () => {
    expect(slugSuggestion('spring-offer', ['spring-offer'])).toBe('spring-offer-2');
    expect(slugSuggestion('spring-offer', ['spring-offer', 'spring-offer-2'])).toBe(
      'spring-offer-3',
    );
  });

  it('continue a numbered series, but read a number that is part of the title as such', () => {
    expect(slugSuggestion('offer-2', ['offer', 'offer-2', 'offer-3'])).toBe('offer-4');
    expect(slugSuggestion('top-10', ['top-10'])).toBe('top-10-2');
    expect(slugLookupBase('offer-2')).toBe('offer');
    expect(slugLookupBase('top-10')).toBe('top');
    expect(slugLookupBase('offer')).toBe('offer');
  });

  it('stay within the database’s 200 characters', () => {
    const long = 'a'.repeat(200);
    const suggestion = slugSuggestion(long, [long])!;
    expect(suggestion).toHaveLength(200);
    expect(suggestion.endsWith('-2')).toBe(true);
  });
});

describe('revisions in the form', () => {
  it('take every field of the revision, and keep the form’s translation', () => {
    const values = revisionToValues(
      {
        title: 'Old title',
        slug: 'old-slug',
        summary: 'Old summary',
        content: 'Old body',
        hero_image_url: null,
        author: 'Anna',
        is_published: false,
        language: 'swedish',
        published_date: '2026-10-01T06:00:00Z',
      },
      { ...filled, translation: 'other-id' },
    );
    expect(values).toEqual({
      language: 'swedish',
      hero_image_url: '',
      title: 'Old title',
      slug: 'old-slug',
      summary: 'Old summary',
      content: 'Old body',
      author: 'Anna',
      is_published: false,
      published_date: '2026-10-01T08:00',
      translation: 'other-id',
    });
    expect(sameValues(values, { ...values })).toBe(true);
    expect(sameValues(values, { ...values, content: 'New body' })).toBe(false);
  });
});
