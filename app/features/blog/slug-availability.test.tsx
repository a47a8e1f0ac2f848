// @vitest-environment jsdom
// The slug check on its own: when it asks, what it says, and what it says nothing about.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClient, type Result } from './blog-manager-test-support';
import { SLUG_CHECK_DELAY_MS, SlugAvailability } from './slug-availability';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const ok = (data: unknown): Result => ({ data, error: null, status: 200 });
const takenText = '“ten-tips” is already used by another post. “ten-tips-2” is free.';

/** Lets the time pass, and the answers that come in it arrive. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the slug check', () => {
  it('asks only once typing has paused, and offers the next free slug', async () => {
    const user = userEvent.setup();
    const onUse = vi.fn();
    const { client, calls } = fakeClient({ slugs: ok([{ slug: 'ten-tips' }]) });
    const { rerender } = render(<SlugAvailability client={client} slug="ten" onUse={onUse} />);
    await wait(SLUG_CHECK_DELAY_MS - 1);
    rerender(<SlugAvailability client={client} slug="ten-tips " onUse={onUse} />);
    await wait(SLUG_CHECK_DELAY_MS - 1);
    expect(calls.filter(({ method }) => method === 'or')).toEqual([]);

    await wait(1);
    expect(calls.filter(({ method }) => method === 'or')).toEqual([
      { method: 'or', args: ['slug.eq.ten-tips,slug.like.ten-tips-*'] },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(takenText);
    // Testing Library's click waits on a real timer.
    vi.useRealTimers();
    await user.click(screen.getByRole('button', { name: 'Use “ten-tips-2”' }));
    expect(onUse).toHaveBeenCalledWith('ten-tips-2');
  });

  it('says nothing about a slug the field no longer holds', async () => {
    const { client } = fakeClient({ slugs: ok([{ slug: 'ten-tips' }]) });
    const { rerender } = render(
      <SlugAvailability client={client} slug="ten-tips" onUse={vi.fn()} />,
    );
    await wait(SLUG_CHECK_DELAY_MS);
    expect(screen.getByRole('status')).toHaveTextContent(takenText);
    rerender(<SlugAvailability client={client} slug="ten-tips-" onUse={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('logs a failed lookup and says nothing: the save still checks', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const { client } = fakeClient({
      slugs: { data: null, error: { message: 'The database is away' }, status: 503 },
    });
    render(<SlugAvailability client={client} slug="ten-tips" onUse={vi.fn()} />);
    await wait(SLUG_CHECK_DELAY_MS);
    expect(logged).toHaveBeenCalledWith('Could not check the slug:', expect.anything());
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
