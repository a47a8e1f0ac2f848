import { describe, expect, it } from 'vitest';
import type { BlogPost } from '~/data/posts';
import { localDateTimeInput } from './post-dates';
import {
  DEFAULT_AUTHOR,
  authorAfterLanguageChange,
  emptyPostValues,
  isWebAddress,
  postInputFromValues,
  postToValues,
  revisionToValues,
  sameValues,
  validatePost,
  type PostFormValues,
} from './post-rules';

/** The default agency zone; post-dates.test.ts writes a post on another one. */
const timeZone = 'Europe/Stockholm';

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

describe('validatePost', () => {
  it('accepts a complete post', () => {
    expect(validatePost(filled, timeZone)).toEqual({});
  });

  it('gives the form’s message for each empty required field', () => {
    const blank = { ...filled, title: ' ', slug: '', summary: '\n', content: '  ', author: '' };
    expect(validatePost(blank, timeZone)).toEqual({
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
      expect(validatePost({ ...filled, slug }, timeZone).slug).toBe(message);
    }
    expect(validatePost({ ...filled, slug: '  ten-tips-2  ' }, timeZone)).toEqual({});
  });

  it('takes an empty hero image URL, and a web address, but nothing else', () => {
    expect(validatePost({ ...filled, hero_image_url: '  ' }, timeZone)).toEqual({});
    expect(
      validatePost({ ...filled, hero_image_url: 'https://example.com/a.jpg' }, timeZone),
    ).toEqual({});
    expect(
      validatePost({ ...filled, hero_image_url: 'javascript:alert(1)' }, timeZone).hero_image_url,
    ).toBe('Hero image URL must start with http:// or https://');
  });
  it('refuses a publication date that is not one, and allows an empty one', () => {
    expect(validatePost({ ...filled, published_date: '2026-02-30T25:00' }, timeZone)).toEqual({
      published_date: 'Enter a valid date and time, or leave it empty.',
    });
    expect(validatePost({ ...filled, published_date: '' }, timeZone)).toEqual({});
  });

  it('calls a hero image a web address only with http:// or https:// and no spaces', () => {
    expect(isWebAddress(' https://example.com/a.jpg ')).toBe(true);
    expect(isWebAddress('HTTP://example.com/a.jpg')).toBe(true);
    for (const url of ['', 'example.com/a.jpg', 'javascript:alert(1)', 'https://a b.jpg'])
      expect(isWebAddress(url), url).toBe(false);
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
    expect(postToValues(post, [], timeZone)).toMatchObject({
      language: 'english',
      hero_image_url: '',
    });
    expect(postToValues({ ...post, language: 'swedish' }, [], timeZone).language).toBe('swedish');
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
      { now, timeZone },
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
      postInputFromValues(
        { ...filled, hero_image_url: ' https://x.test/a.png ' },
        { now, timeZone },
      ).hero_image_url,
    ).toBe('https://x.test/a.png');
  });

  it('dates a newly published post now and sets updated_at on every save', () => {
    const input = postInputFromValues(filled, { now, timeZone });
    expect(input.published_date).toBe('2026-11-21T10:00:00.000Z');
    expect(input.updated_at).toBe('2026-11-21T10:00:00.000Z');
    expect(input).not.toHaveProperty('created_at');
  });

  it('keeps the publication date of a post that already has one', () => {
    const input = postInputFromValues(filled, {
      existing: { published_date: '2026-10-01T08:00:00+00:00' },
      now,
      timeZone,
    });
    expect(input.published_date).toBe('2026-10-01T08:00:00+00:00');
    expect(input.updated_at).toBe('2026-11-21T10:00:00.000Z');
  });

  it('dates a draft that is published now', () => {
    const input = postInputFromValues(filled, {
      existing: { published_date: null },
      now,
      timeZone,
    });
    expect(input.published_date).toBe('2026-11-21T10:00:00.000Z');
  });

  it('keeps the publication date of a post saved as a draft, so republishing keeps it', () => {
    const draft = { ...filled, is_published: false };
    expect(postInputFromValues(draft, { now, timeZone }).published_date).toBeNull();
    expect(
      postInputFromValues(draft, {
        existing: { published_date: '2026-10-01T08:00:00Z' },
        now,
        timeZone,
      }).published_date,
    ).toBe('2026-10-01T08:00:00Z');
  });

  it('publishes a scheduled post now when its date is emptied', () => {
    const scheduled = { published_date: '2026-12-24T08:30:00Z' };
    expect(postInputFromValues(filled, { existing: scheduled, now, timeZone }).published_date).toBe(
      '2026-11-21T10:00:00.000Z',
    );
    // A draft whose future date is emptied forgets it: it is dated when it is published.
    expect(
      postInputFromValues(
        { ...filled, is_published: false },
        { existing: scheduled, now, timeZone },
      ).published_date,
    ).toBeNull();
    // Left as the form showed it, the date still schedules the post.
    expect(
      postInputFromValues(
        { ...filled, published_date: localDateTimeInput(scheduled.published_date, timeZone) },
        { existing: scheduled, now, timeZone },
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
          { existing: { published_date: '2026-10-01T08:00:00Z' }, now, timeZone },
        ).published_date,
      ).toBe(expected);
  });

  it('keeps the stored moment when the date is left as the form showed it', () => {
    const stored = '2026-10-01T08:00:42.123+00:00';
    const input = postInputFromValues(
      { ...filled, published_date: localDateTimeInput(stored, timeZone) },
      { existing: { published_date: stored }, now, timeZone },
    );
    expect(input.published_date).toBe(stored);
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
      timeZone,
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
