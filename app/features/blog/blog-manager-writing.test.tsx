// @vitest-environment jsdom
// Writing in the blog manager: scheduling in the list, the slug check, the revisions, no lost work
// (the prompts and the draft kept in localStorage) and where the focus lands.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostRevision } from '~/data/posts';
import { fakeClient, post, renderManager, type Result } from './blog-manager-test-support';
import { SLUG_CHECK_DELAY_MS } from './slug-availability';
import { draftKey } from './use-unsaved-changes';

let confirm: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
});
afterEach(() => {
  confirm.mockRestore();
  localStorage.clear();
});

const ok = (data: unknown): Result => ({ data, error: null, status: 200 });

function revision(fields: Partial<PostRevision>): PostRevision {
  return {
    id: 'r1',
    post_id: 'p1',
    saved_at: '2026-11-20T08:00:00Z',
    saved_by: 'writer@example.com',
    replaced_at: '2026-11-21T08:30:00Z',
    title: 'Nine Tips',
    slug: 'nine-tips',
    summary: 'An older summary.',
    content: 'The **older** body.',
    hero_image_url: null,
    author: 'Anna Writer',
    is_published: true,
    language: 'english',
    published_date: '2026-11-02T09:05:00Z',
    ...fields,
  };
}

/** The manager editing post p1, with these revisions. */
async function editing(revisions: PostRevision[] = []) {
  const faked = fakeClient({
    list: ok([post({})]),
    single: ok(post({})),
    revisions: ok(revisions),
  });
  const { unmount } = renderManager(faked.client, '/admin?edit=p1');
  await screen.findByRole('heading', { level: 1, name: 'Edit Post' });
  return { ...faked, unmount };
}

describe('scheduled posts in the list', () => {
  it('are badged Scheduled with their date, and have no View link yet', async () => {
    const { client } = fakeClient({
      list: ok([post({ id: 'p9', title: 'Coming soon', published_date: '2099-01-01T10:00:00Z' })]),
    });
    renderManager(client);
    const row = await screen.findByRole('article', { name: 'Coming soon' });
    expect(within(row).getByText('Scheduled')).toBeVisible();
    expect(within(row).getByText(/^Scheduled for: /)).toBeVisible();
    expect(within(row).queryByRole('link', { name: /View/ })).toBeNull();
  });
});

describe('the slug check', () => {
  it('says a slug is free, or names the next free one and takes it on request', async () => {
    const user = userEvent.setup();
    const { client, calls } = fakeClient({
      slugs: ok([{ slug: 'ten-tips' }, { slug: 'ten-tips-2' }]),
    });
    renderManager(client);
    await user.click(await screen.findByRole('button', { name: 'Create New Post' }));
    await user.type(screen.getByLabelText('Title'), 'Ten Tips');

    const taken = await screen.findByText(
      '“ten-tips” is already used by another post. “ten-tips-3” is free.',
      {},
      { timeout: SLUG_CHECK_DELAY_MS + 1000 },
    );
    expect(calls).toContainEqual({ method: 'or', args: ['slug.eq.ten-tips,slug.like.ten-tips-*'] });
    // eslint-disable-next-line testing-library/no-node-access -- the message must sit in the live region that announces it
    expect(taken.closest('[role="status"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use “ten-tips-3”' }));
    expect(screen.getByLabelText<HTMLInputElement>('Slug').value).toBe('ten-tips-3');
    await screen.findByText('“ten-tips-3” is free.', {}, { timeout: SLUG_CHECK_DELAY_MS + 1000 });
  });

  it('does not call the post’s own slug taken', async () => {
    // The clock is moved past the check's wait instead of waiting it out (time still runs for
    // the rendering meanwhile).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = await editing();
      await act(() => vi.advanceTimersByTimeAsync(SLUG_CHECK_DELAY_MS + 100));
      expect(calls.some((call) => call.method === 'or')).toBe(false);
      expect(screen.queryByText(/already used/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('revisions', () => {
  it('lists the earlier versions with when and by whom, and restores one into the form', async () => {
    const user = userEvent.setup();
    const { calls } = await editing([
      revision({}),
      revision({ id: 'r0', saved_at: '2026-11-19T08:00:00Z', saved_by: null, title: 'Eight' }),
    ]);
    const history = await screen.findByRole('region', { name: 'Revisions' });
    const items = await within(history).findAllByRole('listitem');
    // eslint-disable-next-line testing-library/no-node-access -- each revision's first line, which has no role of its own
    const meta = items.map((item) => item.querySelector('p')?.textContent ?? '');
    expect(meta[0]).toMatch(/^Saved .+ by writer@example\.com$/);
    // Saved by the service role or by hand: no name to give.
    expect(meta[1]).toMatch(/^Saved /);
    expect(meta[1]).not.toContain(' by ');

    await user.click(within(items[0]!).getByRole('button', { name: /^Restore the version saved/ }));
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Nine Tips');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Content/).value).toBe(
      'The **older** body.',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Author').value).toBe('Anna Writer');
    const notice = screen.getByText(/^The version saved .+ is in the form\./);
    // The focus moves in an effect after the form appears: waited for, as the list's is.
    await waitFor(() =>
      // eslint-disable-next-line testing-library/no-node-access -- the focus lands on the notice's focusable box
      expect(document.activeElement).toBe(notice.closest('[tabindex="-1"]')),
    );
    // Nothing is saved until the writer saves.
    expect(calls.some((call) => call.method === 'update')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'update',
        args: [expect.objectContaining({ title: 'Nine Tips', content: 'The **older** body.' })],
      }),
    );
  });

  it('says when there are none yet', async () => {
    await editing();
    expect(
      await screen.findByText('No earlier versions yet. Each save keeps the version it replaces.'),
    ).toBeVisible();
  });
});

describe('unsaved changes', () => {
  it('ask before Back to Posts, and stay when the writer says no', async () => {
    const user = userEvent.setup();
    await editing();
    await user.type(screen.getByLabelText('Title'), ' and more');
    await user.click(screen.getByRole('button', { name: /Back to Posts/ }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave without saving them?');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Post' })).toBeVisible();

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: /Back to Posts/ }));
    await screen.findByRole('heading', { level: 1, name: 'Blog Posts Management' });
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(draftKey('p1'))).toBeNull();
  });

  it('do not ask when nothing changed', async () => {
    const user = userEvent.setup();
    await editing();
    await user.click(screen.getByRole('button', { name: /Back to Posts/ }));
    await screen.findByRole('heading', { level: 1, name: 'Blog Posts Management' });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('ask before a navigation elsewhere in the app', async () => {
    const user = userEvent.setup();
    await editing();
    await user.type(screen.getByLabelText('Title'), '!');
    await user.click(screen.getByRole('link', { name: /Back to Blog/ }));
    expect(confirm).toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toBe('/admin?edit=p1');
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: /Back to Blog/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/blog'));
  });

  it('ask before signing out', async () => {
    const user = userEvent.setup();
    const signOut = vi.fn(async () => {});
    const { client } = fakeClient({ list: ok([post({})]), single: ok(post({})) });
    renderManager(client, '/admin?edit=p1', signOut);
    await screen.findByRole('heading', { level: 1, name: 'Edit Post' });
    await user.type(screen.getByLabelText('Summary'), ' More.');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toHaveProperty('disabled', false);
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('warn before the tab is closed or reloaded', async () => {
    const user = userEvent.setup();
    await editing();
    const before = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(before()).toBe(false);
    await user.type(screen.getByLabelText('Title'), '!');
    expect(before()).toBe(true);
  });

  it('survive a reload: kept in localStorage, brought back with a way to discard them', async () => {
    const user = userEvent.setup();
    const { unmount } = await editing();
    await user.type(screen.getByLabelText('Title'), ' (draft)');
    await waitFor(() => expect(localStorage.getItem(draftKey('p1'))).not.toBeNull());
    unmount();

    await editing();
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Ten Tips (draft)');
    const notice = screen.getByText(/^Your unsaved changes from .+ are back in the form\./);
    // The focus moves in an effect after the form appears: waited for, as the list's is.
    await waitFor(() =>
      // eslint-disable-next-line testing-library/no-node-access -- the focus lands on the notice's focusable box
      expect(document.activeElement).toBe(notice.closest('[tabindex="-1"]')),
    );
    await user.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Ten Tips');
    expect(localStorage.getItem(draftKey('p1'))).toBeNull();
    expect(screen.getByText('The unsaved changes were discarded.')).toBeVisible();
  });

  it('are cleared from localStorage by a save', async () => {
    const user = userEvent.setup();
    await editing();
    await user.type(screen.getByLabelText('Title'), ' saved');
    await waitFor(() => expect(localStorage.getItem(draftKey('p1'))).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    await screen.findByRole('heading', { level: 1, name: 'Blog Posts Management' });
    expect(localStorage.getItem(draftKey('p1'))).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe('focus', () => {
  it('starts on the list’s heading, and on each form’s heading', async () => {
    const user = userEvent.setup();
    const { client } = fakeClient({ list: ok([post({})]) });
    renderManager(client);
    const list = await screen.findByRole('heading', { level: 1, name: 'Blog Posts Management' });
    await waitFor(() => expect(list).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Create New Post' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create New Post' })).toHaveFocus();
  });

  it('lands on the message after a save and after a delete', async () => {
    const user = userEvent.setup();
    await editing();
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    const saved = await screen.findByText('Saved “Ten Tips”.');
    await waitFor(() => expect(saved).toHaveFocus());
    expect(saved.getAttribute('role')).toBe('status');

    confirm.mockReturnValue(true);
    await user.click(await screen.findByRole('button', { name: 'Delete “Ten Tips”' }));
    const deleted = await screen.findByText('Deleted “Ten Tips”.');
    await waitFor(() => expect(deleted).toHaveFocus());
  });
});
