import { describe, expect, it } from 'vitest';
import type { PostRevision } from '~/data/posts';
import { openPostForm, postFormReducer, type PostFormState } from './post-form-state';
import { emptyPostValues } from './post-rules';

const opened = openPostForm(emptyPostValues(), null, 'Europe/Stockholm');

describe('the post form’s state', () => {
  it('opens on the post’s values, or on a kept draft with a notice that takes the focus', () => {
    expect(opened).toEqual({
      values: emptyPostValues(),
      errors: {},
      notice: null,
      focusNotice: false,
      saving: false,
      saveError: null,
    });
    const kept = openPostForm(
      emptyPostValues(),
      {
        values: { ...emptyPostValues(), title: 'Half written' },
        savedAt: '2026-11-20T08:00:00Z',
      },
      'Europe/Stockholm',
    );
    expect(kept.values.title).toBe('Half written');
    expect(kept.notice).toEqual({
      text: expect.stringMatching(/^Your unsaved changes from 20 Nov 2026, 09:00 CET/),
      discard: true,
    });
    expect(kept.focusNotice).toBe(true);
  });

  it('clears the message of each field that is edited, and only that one', () => {
    const checked = postFormReducer(opened, {
      type: 'checked',
      errors: { title: 'Title is required', summary: 'Summary is required' },
    });
    const edited = postFormReducer(checked, { type: 'change', next: { title: 'Ten Tips' } });
    expect(edited.values.title).toBe('Ten Tips');
    expect(edited.errors).toEqual({ summary: 'Summary is required' });
  });

  it('carries a new post’s slug along with its title, but not an edited post’s', () => {
    const titled = postFormReducer(opened, { type: 'title', title: 'Ten Tips', mode: 'create' });
    expect(titled.values.slug).toBe('ten-tips');
    const retitled = postFormReducer(titled, { type: 'title', title: 'Nine Tips', mode: 'edit' });
    expect(retitled.values).toMatchObject({ title: 'Nine Tips', slug: 'ten-tips' });
  });

  it('edits the body in place for an upload', () => {
    const written = postFormReducer(opened, { type: 'change', next: { content: 'Body' } });
    const withImage = postFormReducer(written, {
      type: 'content',
      edit: (content) => `${content}\n![A chart](https://x.test/a.png)`,
    });
    expect(withImage.values.content).toBe('Body\n![A chart](https://x.test/a.png)');
  });

  it('puts a revision or the post’s own values back, says so, and sends the focus to the notice', () => {
    const revision = {
      ...emptyPostValues(),
      id: 'r1',
      post_id: 'p1',
      saved_at: '2026-11-20T08:00:00Z',
      saved_by: null,
      replaced_at: '2026-11-21T08:30:00Z',
      title: 'Nine Tips',
      hero_image_url: null,
      published_date: null,
    } satisfies PostRevision;
    const wrong: PostFormState = { ...opened, errors: { title: 'Title is required' } };
    const restored = postFormReducer(wrong, {
      type: 'restore',
      revision,
      timeZone: 'Europe/Stockholm',
    });
    expect(restored.values.title).toBe('Nine Tips');
    expect(restored.errors).toEqual({});
    expect(restored.notice?.text).toMatch(/^The version saved .+ is in the form\./);
    expect(restored.focusNotice).toBe(true);
    const focused = postFormReducer(restored, { type: 'noticeFocused' });
    expect(focused.focusNotice).toBe(false);
    const discarded = postFormReducer(focused, { type: 'discard', initial: emptyPostValues() });
    expect(discarded.values).toEqual(emptyPostValues());
    expect(discarded.notice).toEqual({ text: 'The unsaved changes were discarded.' });
    expect(discarded.focusNotice).toBe(true);
  });

  it('puts a revision’s publication date back on the agency’s clock, and says when in it', () => {
    const revision = {
      ...emptyPostValues(),
      id: 'r2',
      post_id: 'p1',
      saved_at: '2026-11-20T08:00:00Z',
      saved_by: null,
      replaced_at: '2026-11-21T08:30:00Z',
      hero_image_url: null,
      published_date: '2026-12-24T14:30:00Z',
    } satisfies PostRevision;
    const restored = postFormReducer(opened, {
      type: 'restore',
      revision,
      timeZone: 'America/New_York',
    });
    expect(restored.values.published_date).toBe('2026-12-24T09:30');
    expect(restored.notice?.text).toMatch(/^The version saved 20 Nov 2026, 03:00 GMT-5 is in/);
  });

  it('follows a save: saving, then the slug’s message or the general one', () => {
    const saving = postFormReducer(opened, { type: 'saving' });
    expect(saving.saving).toBe(true);
    const taken = postFormReducer(saving, { type: 'slugTaken' });
    expect(taken).toMatchObject({ saving: false, saveError: null });
    expect(taken.errors).toEqual({
      slug: 'This slug already exists. Please choose a different one.',
    });
    const failed = postFormReducer(postFormReducer(taken, { type: 'saving' }), {
      type: 'saveFailed',
    });
    expect(failed.saving).toBe(false);
    expect(failed.saveError).toBe('Failed to save post. Please try again.');
    const checkedAgain = postFormReducer(failed, { type: 'checked', errors: {} });
    expect(checkedAgain.saveError).toBeNull();
  });
});
