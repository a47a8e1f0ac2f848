// @vitest-environment jsdom
// The revision history on its own: loading, a failed load, and a restore.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PostRevision } from '~/data/posts';
import { fakeClient } from './blog-manager-test-support';
import { RevisionHistory } from './revision-history';

const revision: PostRevision = {
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
};

describe('the revision history', () => {
  it('says it is loading, then lists the versions and hands one back to restore', async () => {
    const user = userEvent.setup();
    const onRestore = vi.fn();
    const { client } = fakeClient({ revisions: { data: [revision], error: null, status: 200 } });
    render(<RevisionHistory client={client} postId="p1" onRestore={onRestore} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading revisions...');
    await user.click(await screen.findByRole('button', { name: /^Restore the version saved/ }));
    expect(onRestore).toHaveBeenCalledWith(revision);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('logs a failed load and says so', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const { client } = fakeClient({
      revisions: { data: null, error: { message: 'permission denied' }, status: 401 },
    });
    render(<RevisionHistory client={client} postId="p1" onRestore={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the revisions. Please try again later.',
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(logged).toHaveBeenCalledWith('Could not load the revisions of p1:', expect.anything());
  });
});
